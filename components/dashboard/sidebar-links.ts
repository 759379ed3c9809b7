import { adminPages } from '@/lib/accounts/shared';
import type { Role } from '@/lib/accounts/shared';
import { handlesInvoices } from '@/lib/billing/shared';
import { can, type CompanyRole } from '@/lib/companies/shared';

export interface SidebarLink {
  href: string;
  label: string;
}

/** Invoices on account: every company's for admins, the company's for those who handle them. */
const invoicesLink: SidebarLink = { href: '/dashboard/invoices', label: 'Invoices' };

/** Requests for quote: for buyers and admins alike (not one of the admin pages). */
const quotesLink: SidebarLink = { href: '/dashboard/quotes', label: 'Quotes' };

/**
 * The dashboard sidebar: My Profile always, then the admin pages or the buyer's pages, then
 * Quotes for both.
 */
export function sidebarLinks(role: Role): SidebarLink[] {
  const links: SidebarLink[] = [{ href: '/dashboard', label: 'My Profile' }];
  if (role === 'admin') {
    links.push(...adminPages, invoicesLink);
  } else {
    links.push(
      { href: '/dashboard/review', label: 'My Reviews' },
      { href: '/dashboard/order', label: 'My Orders' },
      { href: '/dashboard/quick-order', label: 'Quick Order' },
      { href: '/dashboard/cart', label: 'Order List' },
    );
  }
  links.push(quotesLink);
  return links;
}

/**
 * The sidebar's company group, under its own heading below the dashboard's links, for everyone
 * signed in: the person's company account (or creating one); for a member, the company's orders
 * and, when their role approves orders (the role table), Approvals; when it sees and pays the
 * company's invoices (owners, accounts), Invoices and Statement.
 */
export function companyLinks(role: CompanyRole | null): SidebarLink[] {
  const links: SidebarLink[] = [{ href: '/dashboard/company', label: 'Company' }];
  if (role && can(role, 'viewCompanyOrders')) {
    links.push({ href: '/dashboard/company/orders', label: 'Company orders' });
  }
  if (role && can(role, 'approveOrders')) {
    links.push({ href: '/dashboard/approvals', label: 'Approvals' });
  }
  if (role && handlesInvoices(role)) {
    links.push(invoicesLink, { href: '/dashboard/statement', label: 'Statement' });
  }
  return links;
}
