import { describe, expect, it } from 'vitest';
import { fieldIssues } from '@/lib/core/refusal';
import { loginSchema, signupSchema } from '@/lib/accounts/validation/auth';
import { profileSchema } from '@/lib/accounts/validation/profile';
import { safeCallbackPath } from '@/lib/accounts/access';
import { hashPassword, verifyPassword } from '@/lib/accounts/password';

const issues = (schema: typeof loginSchema | typeof signupSchema, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldIssues(result.error);
};

describe('login and sign-up schemas give the spec messages', () => {
  it('Email is Required / Password is Required / Name is Required', () => {
    expect(issues(signupSchema, { name: '', email: '', password: '' })).toEqual({
      name: ['Name is Required'],
      email: ['Email is Required'],
      password: ['Password is Required'],
    });
    expect(issues(loginSchema, {})).toEqual({
      email: ['Email is Required'],
      password: ['Password is Required'],
    });
  });

  it.each([
    'plainaddress',
    'a@b',
    'a@b.c',
    'a@b.comm',
    'a@exa-mple.com',
    '@example.com',
    'a b@example.com',
  ])('Provide a valid Email for %s', (email) => {
    expect(issues(loginSchema, { email, password: 'secret1' })).toEqual({
      email: ['Provide a valid Email'],
    });
  });

  it.each(['buyer@example.com', 'Buyer_1@Example.ORG', 'x9@mail_host.io'])(
    'accepts %s and lower-cases it',
    (email) => {
      const result = loginSchema.parse({ email, password: 'secret1' });
      expect(result.email).toBe(email.toLowerCase());
    },
  );

  it('Must be 6 characters to longer', () => {
    expect(issues(loginSchema, { email: 'a@example.com', password: '12345' })).toEqual({
      password: ['Must be 6 characters to longer'],
    });
    expect(issues(loginSchema, { email: 'a@example.com', password: '123456' })).toEqual({});
  });
});

describe('profile schema', () => {
  it('requires every field and a web link', () => {
    const result = profileSchema.safeParse({
      name: '',
      email: 'a@example.com',
      education: '',
      location: '',
      link: 'javascript:alert(1)',
    });
    expect(result.success).toBe(false);
    const fields = fieldIssues(result.error!);
    expect(fields.name).toEqual(['Name is Required']);
    expect(fields.education).toEqual(['Education is Required']);
    expect(fields.location).toEqual(['Location is Required']);
    expect(fields.link?.[0]).toMatch(/web address/);
  });
});

describe('callback paths', () => {
  it('only ever returns same-origin paths', () => {
    expect(safeCallbackPath('/dashboard/order')).toBe('/dashboard/order');
    expect(safeCallbackPath('https://evil.example')).toBe('/');
    expect(safeCallbackPath('//evil.example')).toBe('/');
    expect(safeCallbackPath('/\\evil.example')).toBe('/');
    expect(safeCallbackPath(undefined)).toBe('/');
  });
});

describe('password hashing', () => {
  it('salts each hash and verifies only the right password', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('wrong horse', a)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
    expect(await verifyPassword('x', null)).toBe(false);
  });

  it('a burst of concurrent hashes waits in line and every one completes correctly', async () => {
    const stored = await hashPassword('queued');
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => verifyPassword(i % 2 ? 'queued' : 'other', stored)),
    );
    expect(results).toEqual(Array.from({ length: 12 }, (_, i) => i % 2 === 1));
  });
});
