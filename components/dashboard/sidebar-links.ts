import type { Role } from '@/lib/db/collections';

export interface SidebarLink {
  href: string;
  label: string;
}

/** The dashboard sidebar of spec 2: My Profile always, then by role. */
export function sidebarLinks(role: Role): SidebarLink[] {
  const links: SidebarLink[] = [{ href: '/dashboard', label: 'My Profile' }];
  if (role === 'admin') {
    links.push(
      { href: '/dashboard/users', label: 'Make Admin' },
      { href: '/dashboard/addaproduct', label: 'Add Product' },
      { href: '/dashboard/manageproduct', label: 'Manage Products' },
      { href: '/dashboard/manageorder', label: 'Manage Orders' },
    );
  } else {
    links.push(
      { href: '/dashboard/review', label: 'My Reviews' },
      { href: '/dashboard/order', label: 'My Orders' },
    );
  }
  return links;
}

/** The four admin-only pages (spec 6). */
export const adminPaths = [
  '/dashboard/users',
  '/dashboard/addaproduct',
  '/dashboard/manageproduct',
  '/dashboard/manageorder',
];
