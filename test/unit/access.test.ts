import { describe, expect, it } from 'vitest';
import {
  adminPages,
  authJsAcceptsCallbackUrl,
  canAccessOwned as canAccessOrder,
  isAdminPath,
  safeCallbackPath,
} from '@/lib/accounts/access';
import { sidebarLinks } from '@/components/dashboard/sidebar-links';
import { hostile, ordinary } from '../support/redirects';

const buyer = { id: 'a'.repeat(24), role: 'user' as const };
const other = { id: 'b'.repeat(24), role: 'user' as const };
const admin = { id: 'c'.repeat(24), role: 'admin' as const };

describe('order ownership', () => {
  it('the owner (by id) and admins reach an order, nobody else', () => {
    const order = { userId: buyer.id };
    expect(canAccessOrder(buyer, order)).toBe(true);
    expect(canAccessOrder(admin, order)).toBe(true);
    expect(canAccessOrder(other, order)).toBe(false);
  });

  it('an order without an owner is for admins only, even for a user with an empty id', () => {
    expect(canAccessOrder({ id: '', role: 'user' }, { userId: '' })).toBe(false);
    expect(canAccessOrder(buyer, { userId: '' })).toBe(false);
    expect(canAccessOrder(admin, { userId: '' })).toBe(true);
  });
});

describe('admin pages', () => {
  it.each([
    '/dashboard/users',
    '/dashboard/addaproduct',
    '/dashboard/manageproduct',
    '/dashboard/manageorder',
    '/dashboard/manageorder/anything',
  ])('%s is an admin page', (path) => expect(isAdminPath(path)).toBe(true));

  it.each([
    '/dashboard',
    '/dashboard/order',
    '/dashboard/review',
    '/dashboard/payment/0123456789abcdef01234567',
    '/dashboard/usersx',
    '/dashboard/manageorders',
  ])('%s is not', (path) => expect(isAdminPath(path)).toBe(false));

  it('the admin sidebar lists exactly the admin pages, after My Profile; buyers see none', () => {
    expect(sidebarLinks('admin')).toEqual([
      { href: '/dashboard', label: 'My Profile' },
      ...adminPages,
      // Invoices on account: every company's, for admins (company members see their own).
      { href: '/dashboard/invoices', label: 'Invoices' },
      { href: '/dashboard/quotes', label: 'Quotes' },
    ]);
    expect(sidebarLinks('user').some((link) => isAdminPath(link.href))).toBe(false);
  });

  it('Quotes is in both sidebars and is not an admin page (buyers use it too)', () => {
    const quotes = { href: '/dashboard/quotes', label: 'Quotes' };
    expect(sidebarLinks('user')).toContainEqual(quotes);
    expect(sidebarLinks('admin')).toContainEqual(quotes);
    expect(isAdminPath('/dashboard/quotes')).toBe(false);
  });
});

describe('safe redirects', () => {
  it.each(hostile)('safeCallbackPath(%j) is /', (value) => {
    expect(safeCallbackPath(value)).toBe('/');
  });

  it.each(ordinary)('safeCallbackPath(%j) keeps it', (value) => {
    expect(safeCallbackPath(value)).toBe(value);
  });

  it('uses the fallback given', () => {
    expect(safeCallbackPath('//evil.example', '/dashboard')).toBe('/dashboard');
  });
});

describe("Auth.js's callbackUrl rule", () => {
  const origin = 'http://127.0.0.1:3000';
  it.each(['/', '/dashboard?x=1', 'http://127.0.0.1:3000/x', 'https://elsewhere.example/'])(
    'accepts %j (where to go is then decided by Auth.js)',
    (value) => expect(authJsAcceptsCallbackUrl(value, origin)).toBe(true),
  );
  it.each(['javascript:alert(1)', '\u0000', 'ftp://x', 'data:text/html,x', 'no scheme', ''])(
    'refuses %j',
    (value) => expect(authJsAcceptsCallbackUrl(value, origin)).toBe(false),
  );
});
