/**
 * The words of the quotes flow: every sentence a person reads in it, in one place (the one
 * messages table, lib/core/messages.ts, gathers every flow's). The flow's components import this
 * file alone, so that a page's script carries only its own flow's words.
 *
 * A buyer asks a price for one product (its page) or for their whole order list; a store admin
 * answers with a unit price per line and the last day it holds, or declines with a reason; the
 * buyer accepts an answer, which places the order at the quoted prices. The fixed notices of
 * the flow (requested, answered, declined, accepted: lib/core/notices.ts) and its field messages
 * (`fieldMessages.quote`, lib/core/messages.ts) stay where they are. Amounts come in as cents,
 * quantities as numbers, days formatted.
 */
import { formatMoney } from '@/lib/core/money';

/** A count of parts or units as the store writes it: `5,000`. */
const count = (value: number) => value.toLocaleString('en-US');

/** A quote's part as the answer dialog names it: `5,000 × Hex Flange Bolt M10 x 40`. */
const asked = ({ quantity, name }: { quantity: number; name: string }) =>
  `${count(quantity)} × ${name}`;

export const quotesWording = {
  /** Every request's and decision's button while it is sent. */
  sending: 'Sending…',

  /** The quotes page (/dashboard/quotes). */
  page: {
    title: 'Quotes',
    introAdmin:
      'Requests for quote from every buyer: answer them with a unit price (one per line for an order list) and a date it holds until, or decline them.',
    intro:
      'Your requests for quote, for one product or a whole order list. Accept an answered quote before it expires to place the order at the quoted prices.',
  },

  /** The quotes page's table. */
  table: {
    noneAdmin: 'There are no quotes.',
    none: 'You have not requested any quotes yet. Ask for one from a product page, or for your whole order list.',
    columns: {
      reference: 'Reference',
      product: 'Product',
      productAndBuyer: 'Product and buyer',
      quantity: 'Quantity',
      neededBy: 'Needed by',
      status: 'Status',
      unitPrice: 'Unit price',
      total: 'Total',
      validUntil: 'Valid until',
      actions: 'Actions',
    },
    /** A quote of an order list, above its lines. */
    orderList: (parts: number) => `Order list · ${parts} ${parts === 1 ? 'part' : 'parts'}`,
    /** A line's quoted unit price, after its quantity and name. */
    lineAt: (unitPriceCents: number) => `at ${formatMoney(unitPriceCents)}`,
    /** The unit price column of a quote of several lines, each priced on its own. */
    perLine: 'per line',
    /** For screen readers, before the buyer's name and email (admins). */
    buyer: 'Buyer: ',
    /** For screen readers, before a quote's status. */
    status: 'Status: ',
    viewOrder: 'View order',
    accept: 'Accept',
    accepting: 'Accepting…',
    acceptLabel: (reference: string) => `Accept quote ${reference}`,
  },

  /** What every request asks besides its parts (the product page's and the order list's). */
  fields: {
    neededBy: 'Needed by',
    optional: '(optional)',
    address: 'Delivery address',
    phone: 'Phone number',
    note: 'Note',
  },

  /** The product page's request, below the order form. */
  request: {
    heading: 'Need a larger quantity?',
    intro:
      'For bulk quantities, or more than we have in stock, ask us for a price. We answer with a unit price and a date it holds until; you accept it and pay the order as usual.',
    open: 'Request a quote',
    formLabel: 'Request a quote',
    quantity: 'Quantity',
    quantityHint: ({ minimum, multiple }: { minimum: number; multiple: number }) =>
      multiple > 1
        ? `Whole cartons of ${count(multiple)} from ${count(minimum)}.`
        : `Any whole number from ${count(minimum)}.`,
    /** Below the buyer's minimum: the order form's own words for it. */
    belowMinimum: (minimum: number) => `Minimum Order Quantity - ${minimum}`,
    send: 'Send quote request',
    cancel: 'Cancel',
  },

  /** The order list's request, for every line of the list. */
  listRequest: {
    button: 'Request a quote for this list',
    title: 'Request a quote for this list',
    intro:
      'We quote every line of your order list at its quantity, even above our stock, with a unit price per line and a date the prices hold until. Accepting the answer places them as one order, paid as usual. Your list stays as it is.',
    send: 'Send quote request',
  },

  /** The dialog once a request is sent, over its reference and the notice. */
  requested: {
    title: 'Quote requested',
    viewQuotes: 'View my quotes',
    ok: 'OK',
  },

  /** A store admin's answer: a unit price per line and the last day it holds. */
  answer: {
    button: 'Answer',
    title: (reference: string) => `Answer quote ${reference}`,
    send: 'Send answer',
    asked,
    unitPrice: 'Unit price ($)',
    /** A quote of an order list: what it asks, over its lines. */
    listIntro: ({ parts, units }: { parts: number; units: number }) =>
      `${parts} parts, ${count(units)} units in all. Give each line its unit price.`,
    linesLabel: 'Lines of the quote',
    /** A line's price field, before its part number. */
    linePrice: (line: { quantity: number; name: string }) => `Unit price ($): ${asked(line)}`,
    validUntil: 'Valid until',
    validUntilHint: 'The answer holds through the end of this day (UTC).',
  },

  /** A store admin's decline: the reason the buyer is mailed. */
  decline: {
    button: 'Decline',
    title: (reference: string) => `Decline quote ${reference}`,
    send: 'Decline quote',
    reason: 'Reason',
    reasonHint: (max: number) => `Mailed to the buyer. At most ${max} characters.`,
  },
} as const;
