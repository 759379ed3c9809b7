/**
 * The words of the checkout flow: every sentence a person reads in it, in one place (the one
 * messages table, lib/core/messages.ts, gathers every flow's). The flow's components import this
 * file alone, so that a page's script carries only its own flow's words.
 *
 * The checkout sits under the order list: it places the whole list as one order, paid by card
 * (or by bank transfer when the total is above the largest card payment), or on the company's
 * account; an order above the buyer's approval limit waits for an approver first. A checkout
 * refused because lines cannot be ordered as they are (short of stock, no longer sold) names
 * each line, and offers one action per line. Amounts come in as cents, quantities as numbers.
 */
import { formatMoney } from '@/lib/core/money';

const units = (count: number) => count.toLocaleString('en-US');

/** A length of time as a sentence says it: "30 minutes", "1 hour", "48 hours". */
export function holdLength(minutes: number): string {
  if (minutes % 60 !== 0) return `${units(minutes)} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = minutes / 60;
  return `${units(hours)} ${hours === 1 ? 'hour' : 'hours'}`;
}

/**
 * Why a line cannot be ordered as it is (the orders store's reasons): `out_of_stock`, above the
 * stock; `not_found`, no longer sold; `below_minimum`; `not_multiple`, not whole cartons;
 * `above_maximum`, more than one order may take.
 */
export type RefusedLineReason =
  'not_found' | 'below_minimum' | 'not_multiple' | 'above_maximum' | 'out_of_stock';

/** A line refused at checkout, with the figures its reason needs. */
export interface RefusedLineWords {
  name: string;
  reason: RefusedLineReason;
  available?: number;
  minimum?: number;
  multiple?: number;
  maximum?: number;
}

/** One refused line after its part's name: "Hex Flange Bolt M10 x 40: only 500 available". */
function lineProblem(line: RefusedLineWords): string {
  switch (line.reason) {
    case 'out_of_stock':
      return line.available
        ? `${line.name}: only ${units(line.available)} available`
        : `${line.name}: out of stock`;
    case 'not_found':
      return `${line.name}: no longer sold`;
    case 'below_minimum':
      return `${line.name}: the minimum order is now ${units(line.minimum ?? 0)}`;
    case 'not_multiple':
      return `${line.name}: sold in whole cartons of ${units(line.multiple ?? 1)}`;
    default:
      return line.maximum
        ? `${line.name}: at most ${units(line.maximum)} in one order`
        : `${line.name}: too many for one order`;
  }
}

/** The refused lines in one sentence's tail: "A: only 500 available; B: no longer sold". */
const problems = (lines: readonly RefusedLineWords[]) => lines.map(lineProblem).join('; ');

export const checkoutWording = {
  heading: 'Check out',
  intro:
    'Every line of your order list becomes one order. Prices, minimums and stock are checked again when you check out.',

  shipTo: (company: string) => `Ship to one of ${company}’s addresses`,
  defaultAddress: '(default)',
  shipToHint: 'Fills the address and phone below; you may still change them for this order.',

  howToPay: 'How to pay',
  onAccount: (netDays: number) => `Pay on account (Net ${netDays})`,
  /** Beside "Pay on account", when the account can take this order. */
  creditLeft: ({ availableCents, company }: { availableCents: number; company: string }) =>
    `Available credit: ${formatMoney(availableCents)}. Invoiced on ${company}’s terms; nothing to pay now.`,
  /** Beside a disabled "Pay on account": the credit is too low for this order. */
  creditTooLow: ({ availableCents, totalCents }: { availableCents: number; totalCents: number }) =>
    `${formatMoney(availableCents)} of credit left; this order is ${formatMoney(totalCents)}, so it cannot go on account.`,
  /** Beside a disabled "Pay on account": the account is on hold. */
  onHold: (company: string) =>
    `${company}’s account is on hold because an invoice is overdue, so it takes no new orders until that invoice is paid.`,
  whatYouCanDo: 'What you can do:',
  /** The ways out when the account cannot take the order, one item each. */
  creditWaysOut: ({
    availableCents,
    onHold,
    byTransfer,
  }: {
    availableCents: number;
    onHold: boolean;
    /** The total is above the largest card payment: paying now is by bank transfer. */
    byTransfer: boolean;
  }): string[] => [
    byTransfer
      ? 'pay now by bank transfer (the option below);'
      : 'pay by card now (the option below);',
    ...(onHold || availableCents <= 0
      ? []
      : [
          `split the order: keep lines worth up to ${formatMoney(availableCents)} in the list and check them out on account, then check out the rest later;`,
        ]),
    onHold
      ? 'ask your company’s accounts team to pay the overdue invoice: the account takes orders again once it is paid.'
      : 'ask your company’s accounts team to pay an open invoice, which frees credit, or to ask us for a higher limit.',
  ],
  /** The other option when the account is offered: paying now, by card or by bank transfer. */
  payNow: (byTransfer: boolean) => (byTransfer ? 'Pay now by bank transfer' : 'Pay by card now'),

  /** "What happens next", for the way the order is paid. */
  next: {
    heading: 'What happens next',
    card: ({ holdMinutes }: { holdMinutes: number }) =>
      `You pay by card on the next page. The parts are held for you for ${holdLength(holdMinutes)}; an order not paid by then is cancelled and its parts go back on sale.`,
    bankTransfer: ({ holdMinutes }: { holdMinutes: number }) =>
      `You pay by bank transfer: the next page shows our bank details and the reference to send with your transfer. The parts are held for you for ${holdLength(holdMinutes)} for the money to arrive; an order not paid by then is cancelled.`,
    onAccount: ({
      company,
      netDays,
      invoiceOn,
    }: {
      company: string;
      netDays: number;
      invoiceOn: 'order' | 'shipment';
    }) =>
      `Nothing to pay now: the order is confirmed as soon as you check out, and you get a mail saying so. ${company} is invoiced on its Net ${netDays} terms: the invoice is mailed to its owners and accounts team ${invoiceOn === 'order' ? 'right after you check out' : 'when the order ships'}, and is due ${netDays} days later.`,
    /** Above the buyer's approval limit: the order waits first. */
    approval: ({
      limitCents,
      company,
      holdHours,
      onAccount,
    }: {
      limitCents: number;
      company: string;
      holdHours: number;
      onAccount: boolean;
    }) =>
      `This order is above your approval limit of ${formatMoney(limitCents)}, so it waits for an owner or approver of ${company} first. The next page is the order’s own page, which names who can approve it. Its parts are held for ${holdLength(holdHours * 60)} meanwhile, and you get a mail when it is approved or rejected; once approved, ${onAccount ? 'it is confirmed on account, with nothing to pay now' : 'you pay it from that page'}.`,
  },

  /** Why the list cannot be checked out now. */
  blocked: {
    saving: 'Saving your quantities… You can check out once they are saved.',
    issues:
      'A line of your order list cannot be ordered as it is: change or remove it (its note says why), then check out.',
    role: (company: string) =>
      `Your role in ${company} does not place orders: its buyers and owners do. You can still keep parts in this list or ask a buyer to order them.`,
  },
  cardLimit: {
    above: ({ totalCents, cardLimitCents }: { totalCents: number; cardLimitCents: number }) =>
      `The order total, ${formatMoney(totalCents)}, is above ${formatMoney(cardLimitCents)}, the most a single card payment allows.`,
    bankTransfer:
      'Check out and pay it by bank transfer, or request a quote for this list instead (above); see ',
    quote:
      'Request a quote for this list instead (above): we answer with prices and how to pay. See ',
    quotesLink: 'Quotes',
    bankTransferEnd: '.',
    quoteEnd: ', or lower quantities to check out by card.',
  },

  submit: (lines: number) => `Check out ${lines} ${lines === 1 ? 'line' : 'lines'}`,
  placing: 'Placing your order…',

  /**
   * A checkout refused for lines that cannot be ordered as they are (the API's message: the
   * refusals table takes these as its `{lines}` sentences) and what the buyer can do per line.
   */
  refused: {
    /** Every refused line is short of stock. */
    short: 'Some parts are short of stock now, so nothing was ordered. {lines}.',
    /** Some refused line has another problem (no longer sold, its minimum or cartons changed). */
    notReady:
      'Some lines of your order list cannot be ordered as they are, so nothing was ordered. {lines}.',
    /** A refused line no longer in the list, named by nothing else. */
    unknownPart: 'A part no longer in your order list',
    /** The `{lines}` of either message. */
    lines: problems,
    /** One refused line below the message: its problem and the quantity asked. */
    line: (line: RefusedLineWords & { quantity: number }) =>
      `${lineProblem(line)} (you asked ${units(line.quantity)}).`,
    /**
     * Sets the line to the quantity nearest the one asked that can be ordered now: for a line
     * short of stock, the most available (in whole cartons).
     */
    orderAvailable: ({
      quantity,
      available,
      short,
    }: {
      quantity: number;
      available: number;
      short: boolean;
    }) =>
      !short
        ? `Change to ${units(quantity)}`
        : quantity === available
          ? `Order the ${units(quantity)} available`
          : `Order ${units(quantity)}, the most available in whole cartons`,
    remove: 'Remove',
    requestQuote: 'Request a quote',
    /** What each button is about, for screen readers (read after the visible label). */
    about: {
      order: (name: string) => ` of ${name}`,
      remove: (name: string) => ` ${name} from your order list`,
      quote: ({ name, quantity }: { name: string; quantity: number }) =>
        ` for ${units(quantity)} ${name}`,
    },
    done: {
      set: ({ name, quantity }: { name: string; quantity: number }) =>
        `${name} is set to ${units(quantity)} in your order list.`,
      removed: (name: string) => `${name} is removed from your order list.`,
      quoted: ({
        name,
        quantity,
        reference,
      }: {
        name: string;
        quantity: number;
        reference: string;
      }) =>
        `Quote ${reference} is requested for ${units(quantity)} ${name}: we answer on your Quotes page and by mail. The line stays in your order list: remove it to check out the other lines now.`,
      quotesLink: 'Your quotes',
    },
    /** Once every refused line is dealt with. */
    allDone: 'Nothing was ordered yet: check out again to order your list as it is now.',
  },
} as const;
