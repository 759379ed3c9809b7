/**
 * Who in a company may do what: ONE table of roles and actions, the only place these rules live.
 * Every check of a company member goes through `can(role, action)`; pages and the API read the
 * same table (client-safe: no server code).
 *
 * - `owner`: everything: the company, its members and addresses, orders, approvals, invoices;
 * - `approver`: approves or rejects others' orders over their limit, sees every company order;
 * - `buyer`: orders (order list, checkout, quotes), sees their own and the company's orders;
 * - `accounts`: sees every company order and its invoice and pays them; places nothing.
 */

export const COMPANY_ROLES = ['owner', 'approver', 'buyer', 'accounts'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const COMPANY_ACTIONS = [
  'manageCompany',
  'manageMembers',
  'manageAddresses',
  'placeOrders',
  'approveOrders',
  'viewCompanyOrders',
  'viewInvoices',
  'payOrders',
] as const;
export type CompanyAction = (typeof COMPANY_ACTIONS)[number];

/** The table: each role and the actions it may take. */
export const COMPANY_ROLE_ACTIONS: { readonly [Role in CompanyRole]: readonly CompanyAction[] } = {
  owner: COMPANY_ACTIONS,
  approver: ['approveOrders', 'viewCompanyOrders', 'viewInvoices'],
  buyer: ['placeOrders', 'viewCompanyOrders'],
  accounts: ['viewCompanyOrders', 'viewInvoices', 'payOrders'],
};

/** Whether a member with `role` may take `action`. */
export function can(role: CompanyRole, action: CompanyAction): boolean {
  return COMPANY_ROLE_ACTIONS[role].includes(action);
}

/** How a role reads on the pages. */
export const COMPANY_ROLE_LABELS: Record<CompanyRole, string> = {
  owner: 'Owner',
  approver: 'Approver',
  buyer: 'Buyer',
  accounts: 'Accounts',
};
