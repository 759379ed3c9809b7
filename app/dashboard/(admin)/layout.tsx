import { requirePageAdmin } from '@/lib/auth/session';

/**
 * The admin pages (Make Admin, Add Product, Manage Products, Manage Orders): the server-side
 * admin check, once for all of them. The proxy sends non-admins to /login before they get
 * here, and on client-side navigation between these pages, where a shared layout is not
 * rendered again; every admin API handler checks the role again.
 */
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  await requirePageAdmin('/dashboard');
  return children;
}
