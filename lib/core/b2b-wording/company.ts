/**
 * The words of the company flow: every sentence a person reads in it, in one place (the one
 * messages table, lib/core/messages.ts, gathers every flow's). The flow's components import this
 * file alone, so that a page's script carries only its own flow's words.
 *
 * The company account (/dashboard/company: its creation, details, members, invitations and
 * shipping addresses), My Profile's note about it, the company's orders, the approvals of its
 * orders, and the store admins' pages of companies. Role names come from the role table
 * (lib/companies/roles.ts), amounts and days come in formatted.
 */

export const companyWording = {
  /** Words several screens of the flow share. */
  common: {
    save: 'Save',
    saving: 'Saving…',
    edit: 'Edit',
    optional: '(optional)',
    seeCompany: 'See your company',
    createOrJoin: 'Create or join a company',
  },

  /** The Company page (/dashboard/company): its heading, for a member and for anyone else. */
  page: { title: 'Company' },

  /** The company's own fields, in the create form and the edit dialog. */
  fields: {
    name: 'Company name',
    taxId: 'Tax ID / VAT number',
    taxIdHint: 'Letters, digits, spaces, dots and dashes, e.g. DE 123456789.',
    billingAddress: 'Billing address',
    billingAddressHint: 'As invoices print it, on several lines.',
  },

  /** "Create your company", for someone in no company. */
  create: {
    heading: 'Create your company',
    intro:
      'A company account lets you invite colleagues, give each a role and an approval limit, and share shipping addresses and orders. You become its owner. You do not need one to order: without one, you order for yourself alone.',
    submit: 'Create company',
    submitting: 'Creating…',
    created: 'Your company is created: you are its owner.',
  },

  /** The company's details and the reader's place in it; owners edit the details. */
  details: {
    taxId: 'Tax ID / VAT number',
    noTaxId: 'None',
    billingAddress: 'Billing address',
    members: 'Members',
    yourRole: 'Your role',
    yourApprovalLimit: 'Your approval limit',
    yourMonthlyLimit: 'Your monthly limit',
    memberSince: 'Member since',
    editButton: 'Edit details',
    editTitle: 'Edit company details',
    saved: 'Company details saved.',
  },

  /**
   * My Profile's note: a member reads their company and role (the company's name set in bold
   * between `company` and `role`); someone whose profile names a company is offered to create it
   * (the name between `namesCompany` and `afterName`).
   */
  profileNote: {
    company: 'Company:',
    role: (role: string) => `(${role}).`,
    goToCompany: 'Go to your company',
    namesCompany: 'Your profile names a company,',
    afterName: '.',
    createPrompt: 'Create your company account to invite colleagues and share orders.',
    createLink: 'Create your company',
  },
} as const;
