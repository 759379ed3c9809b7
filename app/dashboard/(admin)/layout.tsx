import { requirePageAdmin } from '@/lib/accounts';

/**
 * The admin pages (Make Admin, Add Product, Manage Products, Manage Orders): the server-side
 * admin check for all of them. The proxy sends non-admins to /login before they get here, and
 * each page checks the role again itself (`requirePageAdmin`, test/unit/admin-pages.test.ts):
 * a layout is not rendered again on client-side navigation between these pages, and a page
 * must not rely on where it sits in the tree. Every admin API handler checks the role again.
 */
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  await requirePageAdmin('/dashboard');
  return children;
}
