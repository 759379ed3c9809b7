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

  /** What each role may do, in a few words, beside its name in the role selects. */
  roleSummaries: {
    owner: 'everything',
    approver: 'approves orders',
    buyer: 'places orders',
    accounts: 'sees and pays invoices',
  },

  /** A member's limits, as the tables show them and as the forms refuse them. */
  limits: {
    none: 'No limit',
    amount: 'Approval limit must be an amount in dollars, like 2500 or 2500.50',
    tooLarge: 'Approval limit is too large',
    monthlyAmount: 'Monthly limit must be an amount in dollars, like 20000 or 20000.50',
    monthlyTooLarge: 'Monthly limit is too large',
  },

  /** The company's members; owners change a member's role and limits or remove them. */
  members: {
    heading: 'Members',
    /** For owners, above the table. */
    intro:
      'A member’s orders above their approval limit, or taking their month (UTC) over their monthly limit, wait for an approver or an owner.',
    tableLabel: 'Company members',
    columns: {
      member: 'Member',
      role: 'Role',
      approvalLimit: 'Approval limit',
      monthlyLimit: 'Monthly limit',
      thisMonth: 'This month',
      joined: 'Joined',
      actions: 'Actions',
    },
    you: '(you)',
    /** An owner's dialog for one member: their role, approval limit and monthly limit. */
    edit: {
      ariaLabel: (name: string) => `Edit ${name}’s role and limits`,
      title: (name: string) => `${name}’s role and limits`,
      role: 'Role',
      approvalLimit: 'Approval limit ($)',
      approvalLimitHint: 'Orders above it wait for an approval. Leave empty for no limit.',
      monthlyLimit: 'Monthly limit ($)',
      monthlyLimitHint:
        'An order that takes their orders of the month (UTC) over it waits for an approval. Leave empty for no limit.',
      saved: (name: string) => `${name}’s role and limits are saved.`,
    },
    remove: {
      button: 'Remove',
      ariaLabel: (name: string) => `Remove ${name}`,
      title: (name: string) => `Remove ${name}?`,
      text: ({ name, email }: { name: string; email: string }) =>
        `${name} (${email}) loses access to the company at once. Their orders stay with the company.`,
      done: (name: string) => `${name} is no longer a member.`,
    },
    /** Every member but the last owner may leave. */
    leave: {
      button: 'Leave company',
      title: 'Leave the company?',
      text: 'You lose access to its orders, addresses and members at once; your orders stay with the company. To come back, an owner must invite you again.',
      done: 'You left the company.',
    },
  },

  /** An owner's invitations: the form to invite someone, and the invitations still open. */
  invitations: {
    heading: 'Invite a member',
    intro: (days: number) =>
      `We email them a link to join, valid for ${days} days. They accept it signed in with this email address (or after signing up with it).`,
    email: 'Email',
    role: 'Role',
    approvalLimit: 'Approval limit ($)',
    approvalLimitHint: 'Empty: no limit.',
    send: 'Send invitation',
    sending: 'Sending…',
    sent: (email: string) => `Invitation sent to ${email}.`,
    open: {
      heading: 'Open invitations',
      none: 'No invitation is waiting for an answer.',
      tableLabel: 'Invitations waiting for an answer',
      columns: {
        email: 'Email',
        role: 'Role',
        approvalLimit: 'Approval limit',
        invited: 'Invited',
        expires: 'Expires',
        actions: 'Actions',
      },
    },
    revoke: {
      button: 'Revoke',
      ariaLabel: (email: string) => `Revoke the invitation to ${email}`,
      title: 'Revoke this invitation?',
      text: (email: string) =>
        `The link sent to ${email} stops working. You can invite them again later.`,
      done: (email: string) => `The invitation to ${email} is revoked.`,
    },
  },

  /** The company's shipping addresses, offered at checkout; owners add, edit and delete them. */
  addresses: {
    heading: 'Shipping addresses',
    noneManager:
      'No shipping address yet. Add the places your company receives parts; checkout offers them.',
    noneMember: 'No shipping address yet. An owner can add the places your company receives parts.',
    defaultBadge: 'Default',
    phone: (phone: string) => `Phone: ${phone}`,
    add: {
      button: 'Add an address',
      title: 'Add a shipping address',
      submit: 'Add address',
      done: 'Shipping address added.',
    },
    edit: {
      ariaLabel: (label: string) => `Edit ${label}`,
      title: (label: string) => `Edit ${label}`,
      done: 'Shipping address saved.',
    },
    fields: {
      label: 'Label',
      labelHint: 'How people pick it at checkout, e.g. Main warehouse.',
      address: 'Address',
      phone: 'Phone',
      makeDefault: 'Offer it first at checkout (default)',
      isDefault: 'Checkout offers it first. To change that, make another address the default.',
    },
    makeDefault: {
      button: 'Make default',
      ariaLabel: (label: string) => `Make default: ${label}`,
      done: (label: string) => `${label} is the default now.`,
    },
    remove: {
      button: 'Delete',
      ariaLabel: (label: string) => `Delete ${label}`,
      title: (label: string) => `Delete ${label}?`,
      text: 'Checkout no longer offers it. Orders already sent there keep their address.',
      done: (label: string) => `${label} is deleted.`,
    },
  },

  /** A company's orders as a table (Company orders, Approvals). */
  ordersTable: {
    columns: {
      order: 'Order',
      placedBy: 'Placed by',
      parts: 'Parts',
      total: 'Total',
      status: 'Status',
    },
    /** The order's full number, on its short one. */
    orderTitle: (id: string) => `Order ${id}`,
    /** Its first part, and how many more lines it has. */
    parts: ({ name, more }: { name: string; more: number }) =>
      more ? `${name} and ${more} more` : name,
    units: (quantity: number) => `${quantity.toLocaleString('en-US')} units`,
    poNumber: (po: string) => `PO ${po}`,
  },

  /** Company orders (/dashboard/company/orders): every order of the reader's company. */
  companyOrders: {
    title: 'Company orders',
    roleCannot: 'Your role in your company does not show its orders.',
    noCompany: 'You do not belong to a company yet: your own orders are in My Orders.',
    intro: (company: string) => `Every order of ${company}, newest first.`,
    none: 'Your company has no orders yet.',
  },

  /** Approvals (/dashboard/approvals): the orders waiting for an owner or approver. */
  approvals: {
    title: 'Approvals',
    roleCannot: 'Your role in your company does not approve orders: its approvers and owners do.',
    noCompany:
      'Approvals are for companies: orders of a company’s buyers above their approval limit wait here for an approver.',
    intro: (company: string) =>
      `Orders of ${company} above their buyer’s approval limit, or taking their month over their monthly limit. Their parts stay reserved until the time shown; an order nobody decides by then is cancelled. Approve an order so that its buyer can pay it (an order on account is confirmed on the company’s account instead), or reject it with a reason for its buyer.`,
    none: 'No order is waiting for an approval.',
    /** Under an order's total: the limit it is above. */
    overLimit: (limit: string) => `Approval limit ${limit}`,
    /** Under an order's total: the buyer's month with this order, and their monthly limit. */
    overMonth: ({ total, limit }: { total: string; limit: string }) =>
      `This month ${total}, monthly limit ${limit}`,
    columns: { reservedUntil: 'Reserved until', decision: 'Decision' },
    /** The reader's own order: they cannot decide it. */
    ownOrder: 'Your order: another owner or approver decides',
    /** How the buttons and notices name an order. */
    orderLabel: ({ reference, buyer }: { reference: string; buyer: string }) =>
      `order ${reference} from ${buyer}`,
    approve: 'Approve',
    approving: 'Approving…',
    approveLabel: (order: string) => `Approve ${order}`,
    approved: ({ order, onAccount }: { order: string; onAccount: boolean }) =>
      onAccount
        ? `Approved: ${order}. It is confirmed on the company’s account.`
        : `Approved: ${order}. The buyer can pay it now.`,
    reject: {
      button: 'Reject',
      ariaLabel: (order: string) => `Reject ${order}`,
      title: 'Reject this order',
      submit: 'Reject order',
      busy: 'Rejecting…',
      text: ({ reference, buyer }: { reference: string; buyer: string }) =>
        `Order ${reference} from ${buyer} is cancelled and its parts go back into stock. The buyer is mailed your reason.`,
      reason: 'Reason',
      done: (order: string) => `Rejected: ${order}. Its parts went back into stock.`,
    },
  },

  /** The store admins' pages of companies: the list, one company, and what they change. */
  admin: {
    /** Companies (/dashboard/companies). */
    list: {
      title: 'Companies',
      searchLabel: 'Search companies',
      searchField: 'Company name',
      searchPlaceholder: 'e.g. Whitfield',
      search: 'Search',
      /** How many companies the search found. */
      count: ({ total, q }: { total: number; q?: string }) =>
        total === 0
          ? q
            ? `No company’s name contains “${q}”.`
            : 'There are no companies yet.'
          : `${total} ${total === 1 ? 'company' : 'companies'}${q ? ` matching “${q}”` : ''}`,
      columns: {
        name: 'Name',
        members: 'Members',
        openOrders: 'Open orders',
        created: 'Created',
      },
      taxId: (taxId: string) => `Tax ID ${taxId}`,
      pagesLabel: 'Company list pages',
      showAll: 'Show all companies',
    },
    /** One company (/dashboard/companies/[companyId]). */
    company: {
      /** The browser tab's title (the page's heading is the company's name). */
      title: 'Company',
      back: '← Companies',
      details: 'Details',
      taxId: 'Tax ID / VAT number',
      noTaxId: 'None given',
      billingAddress: 'Billing address',
      created: 'Created',
      memberCount: 'Members',
      members: 'Members',
      memberColumns: {
        name: 'Name',
        email: 'Email',
        role: 'Role',
        approvalLimit: 'Approval limit',
        monthlyLimit: 'Monthly limit',
        joined: 'Joined',
        remove: 'Remove',
      },
      /** A member whose account was deleted. */
      accountRemoved: 'Account removed',
      noMembers: 'The company has no members.',
      addMember: 'Add a member',
      addMemberIntro:
        'For support: an existing account joins the company with the role you choose. A person belongs to one company at most.',
      terms: 'Payment terms',
      addresses: 'Shipping addresses',
      defaultAddress: 'Default',
      noAddresses: 'The company has no shipping addresses yet.',
      orders: 'Recent orders',
      orderColumns: {
        order: 'Order',
        placed: 'Placed',
        placedBy: 'Placed by',
        status: 'Status',
        total: 'Total',
      },
      /** Before an order's short number, for screen readers. */
      orderPrefix: 'Order ',
      noOrders: 'The company has placed no orders yet.',
    },
    /** Add a member: an existing account, by its email, with a role. */
    addMember: {
      email: 'Email of the account',
      role: 'Role',
      submit: 'Add member',
      busy: 'Adding…',
      done: (email: string) => `${email} was added to the company.`,
    },
    /**
     * Remove a member, after a confirmation. The member is named by their email, else their
     * name; `who` is null for one known by neither (an account since deleted).
     */
    removeMember: {
      button: 'Remove',
      ariaLabel: (who: string | null) => `Remove ${who ?? 'this member'}`,
      title: ({ who, company }: { who: string | null; company: string }) =>
        `Remove ${who ?? 'this member'} from ${company}?`,
      text: ({ who, company }: { who: string | null; company: string }) =>
        `${who ?? 'This member'} will no longer belong to ${company}. Their orders stay with the company. You can add them again later.`,
      confirm: 'Remove member',
      done: ({ who, company }: { who: string | null; company: string }) =>
        `${who ?? 'This member'} was removed from ${company}.`,
    },
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
