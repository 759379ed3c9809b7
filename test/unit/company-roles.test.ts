import { describe, expect, it } from 'vitest';
import {
  can,
  COMPANY_ACTIONS,
  COMPANY_ROLE_ACTIONS,
  COMPANY_ROLES,
  type CompanyAction,
  type CompanyRole,
} from '@/lib/companies/roles';

// The one role -> action table of company accounts, walked cell by cell.

const expected: Record<CompanyRole, Record<CompanyAction, boolean>> = {
  owner: {
    manageCompany: true,
    manageMembers: true,
    manageAddresses: true,
    placeOrders: true,
    approveOrders: true,
    viewCompanyOrders: true,
    viewInvoices: true,
    payOrders: true,
  },
  approver: {
    manageCompany: false,
    manageMembers: false,
    manageAddresses: false,
    placeOrders: false,
    approveOrders: true,
    viewCompanyOrders: true,
    viewInvoices: true,
    payOrders: false,
  },
  buyer: {
    manageCompany: false,
    manageMembers: false,
    manageAddresses: false,
    placeOrders: true,
    approveOrders: false,
    viewCompanyOrders: true,
    viewInvoices: false,
    payOrders: false,
  },
  accounts: {
    manageCompany: false,
    manageMembers: false,
    manageAddresses: false,
    placeOrders: false,
    approveOrders: false,
    viewCompanyOrders: true,
    viewInvoices: true,
    payOrders: true,
  },
};

describe('the company role table', () => {
  it.each(
    COMPANY_ROLES.flatMap((role) => COMPANY_ACTIONS.map((action) => [role, action] as const)),
  )('%s may %s: as the table says', (role, action) => {
    expect(can(role, action)).toBe(expected[role][action]);
  });

  it('names only actions it knows, each once', () => {
    for (const role of COMPANY_ROLES) {
      const actions = COMPANY_ROLE_ACTIONS[role];
      expect(new Set(actions).size).toBe(actions.length);
      for (const action of actions) expect(COMPANY_ACTIONS).toContain(action);
    }
  });
});

describe('the sidebar’s company group', () => {
  it('offers every signed-in person their company page, and members what their role allows', async () => {
    const { companyLinks } = await import('@/components/dashboard/sidebar-links');
    const labels = (role: Parameters<typeof companyLinks>[0]) =>
      companyLinks(role).map((link) => link.label);
    expect(labels(null)).toEqual(['Company']);
    expect(labels('owner')).toEqual([
      'Company',
      'Company orders',
      'Approvals',
      'Invoices',
      'Statement',
    ]);
    expect(labels('approver')).toEqual(['Company', 'Company orders', 'Approvals']);
    expect(labels('buyer')).toEqual(['Company', 'Company orders']);
    // Invoices on account are handled by the roles that see invoices and pay: owners, accounts.
    expect(labels('accounts')).toEqual(['Company', 'Company orders', 'Invoices', 'Statement']);
  });
});
