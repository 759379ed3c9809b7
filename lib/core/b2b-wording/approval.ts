/**
 * The words of the approval flow: every sentence a person reads in it, in one place (the one
 * messages table, lib/core/messages.ts, gathers every flow's). The flow's components import this
 * file alone, so that a page's script carries only its own flow's words.
 *
 * An order of a company's member above their approval limit (or taking their month over their
 * monthly limit) waits for an owner or approver of the company, never its buyer, with its parts
 * held until a time; its buyer is emailed the decision (approved: the pay link, or the
 * confirmation on account; rejected: the reason; nobody decided in time: the cancellation).
 * Amounts and moments come in formatted; names are the members' own.
 */

/**
 * Who reads the words: the order's buyer, a member who may decide it, another member, or
 * someone outside the company (a store admin), who is told no names.
 */
type Reader = 'buyer' | 'decider' | 'member' | 'outsider';

/** A company role, as a sentence names it after a person's name. */
type MemberRole = 'owner' | 'approver' | 'buyer' | 'accounts';

/** "A", "A or B", "A, B or C". */
function either(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** What is left to do once the order is approved, in the buyer's words or of the buyer. */
function nextStep(reader: Reader, onAccount: boolean): string {
  if (onAccount)
    return reader === 'buyer'
      ? 'before it goes on your company’s account'
      : 'before it goes on the company’s account';
  return reader === 'buyer' ? 'before you can pay it' : 'before it can be paid';
}

export const approvalWording = {
  /** The payment page's heading, for what the order is now: only an order to pay says "Pay". */
  payHeading: ({
    name,
    state,
  }: {
    name: string;
    state: 'waiting' | 'not_approved' | 'to_pay' | 'other';
  }) =>
    state === 'waiting'
      ? `Awaiting approval: ${name}`
      : state === 'not_approved'
        ? `Not approved: ${name}`
        : state === 'to_pay'
          ? `Pay for ${name}`
          : `Order for ${name}`,

  waiting: {
    title: (reader: Reader) =>
      reader === 'buyer'
        ? 'This order waits for your company’s approval.'
        : 'This order waits for the company’s approval.',
    /** The payment page of an order awaiting approval, instead of the payment. */
    nothingToPay: (onAccount: boolean) =>
      onAccount ? 'There is nothing to pay here.' : 'There is nothing to pay yet.',
    /** Why it waits: the order above the buyer's limit per order. */
    overLimit: ({
      reader,
      buyer,
      total,
      limit,
      onAccount,
    }: {
      reader: Reader;
      buyer: string;
      total: string;
      limit: string;
      onAccount: boolean;
    }) =>
      reader === 'buyer'
        ? `Its total of ${total} is above your approval limit of ${limit}, so an owner or approver of your company must approve it ${nextStep(reader, onAccount)}.`
        : `Its total of ${total} is above the approval limit of its buyer, ${buyer} (${limit}), so an owner or approver of the company must approve it ${nextStep(reader, onAccount)}.`,
    /** Why it waits: the buyer's month over their monthly limit with this order. */
    overMonth: ({
      reader,
      buyer,
      month,
      limit,
      onAccount,
    }: {
      reader: Reader;
      buyer: string;
      month: string;
      limit: string;
      onAccount: boolean;
    }) =>
      reader === 'buyer'
        ? `It takes your orders this month to ${month}, above your monthly limit of ${limit}, so an owner or approver of your company must approve it ${nextStep(reader, onAccount)}.`
        : `It takes the orders of its buyer, ${buyer}, this month to ${month}, above their monthly limit of ${limit}, so an owner or approver of the company must approve it ${nextStep(reader, onAccount)}.`,
    /** Who may approve it, by name and role: any one of them. */
    approvers: (people: ReadonlyArray<{ name: string; role: MemberRole }>) => {
      const named = people.map((person) => `${person.name} (${person.role})`);
      return people.length === 1
        ? `${named[0]} can approve it.`
        : people.length === 2
          ? `${either(named)} can approve it.`
          : `Any one of ${either(named)} can approve it.`;
    },
    /** Nobody may approve it: no owner or approver but its buyer. */
    noApprovers: (reader: Reader) =>
      reader === 'buyer'
        ? 'Nobody in your company can approve it now: only owners and approvers can, and nobody approves their own order. Ask an owner of your company to give someone the Approver role.'
        : 'Nobody in the company can approve it now: only owners and approvers can, and nobody approves their own order. An owner can give someone the Approver role under Company.',
    /** For someone outside the company: no names. */
    someApprover: 'An owner or approver of the buyer’s company must approve it.',
    /** For a member who may decide it, before the link to Approvals. */
    youMayDecide: 'You can approve or reject it on',
    approvalsLink: 'Approvals',
    /** Until when its parts are held. */
    held: ({ reader, until }: { reader: Reader; until: string }) =>
      `Its parts are held${reader === 'buyer' ? ' for you' : ''} until ${until}. If nobody approves it by then, it is cancelled and the parts go back into stock.`,
    /** Who is emailed the decision. */
    mailed: ({
      reader,
      email,
      buyer,
      onAccount,
    }: {
      reader: Reader;
      email: string;
      buyer: string;
      onAccount: boolean;
    }) =>
      reader === 'buyer'
        ? `We will email you at ${email} when it is approved (${onAccount ? 'it is then confirmed on your company’s account' : 'with the link to pay it'}) or rejected (with the reason given), or if nobody approves it in time.`
        : `Its buyer, ${buyer}, is emailed when it is approved or rejected, or if nobody approves it in time.`,
    orderPageLink: 'See the order’s page',
  },

  approved: {
    /** Who approved it and when (the company, for someone outside it). */
    by: ({ by, at }: { by: string | null; at: string }) =>
      `Approved by ${by ?? 'an owner or approver of the company'} on ${at}.`,
    /** An approved order to pay: by when. */
    payBy: (until: string) =>
      `It can be paid now: pay it by ${until}, or it is cancelled and its parts go back into stock.`,
  },

  notApproved: {
    title: 'Not approved',
    /** Rejected by an owner or approver. */
    rejected: ({ by, at }: { by: string | null; at: string }) =>
      `${by ?? 'An owner or approver of the company'} did not approve this order on ${at}, so it was cancelled.`,
    /** The reason given with a rejection, quoted as a sentence (its own full stop kept). */
    reason: (reason: string) =>
      `The reason given: “${reason.trim()}”${/[.!?]$/.test(reason.trim()) ? '' : '.'}`,
    /** Nobody decided before its parts' hold ran out. */
    expired: (until: string) => `Nobody approved this order by ${until}, so it was cancelled.`,
    stockBack: (onAccount: boolean) =>
      onAccount
        ? 'Its parts went back into stock, and the company owes nothing for it.'
        : 'Its parts went back into stock, and nothing was charged.',
    /** What the buyer can do now: ask whoever rejected it, or someone who approves, first. */
    orderAgain: ({
      reader,
      rejectedBy,
    }: {
      reader: Reader;
      /** Who rejected it (null: nobody decided, or not named to the reader). */
      rejectedBy: string | null;
    }) =>
      reader !== 'buyer'
        ? 'Its buyer can place a new order for these parts.'
        : rejectedBy
          ? `To order these parts, talk to ${rejectedBy} first, then place a new order.`
          : 'To order these parts, place a new order and ask an owner or approver of your company to approve it in time.',
  },
} as const;
