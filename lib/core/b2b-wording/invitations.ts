/**
 * The words of the invitations flow: every sentence a person reads in it, in one place (the one
 * messages table, lib/core/messages.ts, gathers every flow's). The flow's components import this
 * file alone, so that a page's script carries only its own flow's words.
 */

/** Each company role as the sentences name it (lib/companies/roles.ts has the table). */
const roleNames = {
  owner: 'an owner',
  approver: 'an approver',
  buyer: 'a buyer',
  accounts: 'an accounts member',
} as const;

type RoleKey = keyof typeof roleNames;

export const invitationsWording = {
  /** The heading of an invitation's page, and of its box on the sign-in and sign-up pages. */
  joinTitle: ({ companyName, role }: { companyName: string; role: RoleKey }) =>
    `Join ${companyName} as ${roleNames[role]}`,
  /** The heading of a join link whose invitation cannot be shown (unknown, expired, used). */
  unknownTitle: 'Join the company',
  /** What the invited role may do, from the roles table. */
  roleDoes: {
    owner:
      'As an owner you manage the company, its members and shipping addresses, place and approve orders, and see and pay its invoices.',
    approver:
      'As an approver you approve or reject colleagues’ orders that are over their limit, and see all the company’s orders and invoices.',
    buyer:
      'As a buyer you place orders and ask for quotes for the company, and see the company’s orders.',
    accounts:
      'As an accounts member you see all the company’s orders and their invoices and pay them; you do not place orders.',
  } satisfies Record<RoleKey, string>,
  /** The signed-in page of a link whose invitation cannot be shown, before Accept answers why. */
  intro:
    'You were invited to join a company account on the store. As a member you order for your company, share its shipping addresses and see its orders, as your role allows.',
  /** On the sign-in page, under the invitation's heading. */
  signInFirst:
    'Log in with the email address the invitation was sent to. New here? Create your account with that address instead. Either way, you come back to this invitation to accept it.',
  /** On the sign-up page, under the invitation's heading. */
  signUpFirst:
    'Sign up with the email address the invitation was sent to, or log in if you already have an account with it. Either way, you come back to this invitation to accept it.',
  /** The signed-in page, above the Accept button. */
  acceptNext: 'When you accept, you become a member of the company at once and go on to its page.',
  accept: 'Accept invitation',
  accepting: 'Joining…',
  joined: (companyName: string) => `You joined ${companyName}.`,
  noToken: 'This link has no invitation in it.',
  /**
   * What the person can do about each refusal of an invitation, after the API's own words, by
   * the answer's code: 404 (the invitation is unknown, expired or used), 403 (it was sent to
   * another email address), 409 (they belong to a company already).
   */
  nextSteps: {
    not_found: { text: 'Ask the person who invited you to send a new invitation.' },
    forbidden: {
      text: 'Log out and sign in (or sign up) with the email address the invitation was sent to, then open the link again.',
    },
    conflict: {
      text: 'You can join another company after leaving yours (on the Company page).',
      link: { href: '/dashboard/company', label: 'Go to your company' },
    },
  } as Record<string, { text: string; link?: { href: string; label: string } }>,
} as const;
