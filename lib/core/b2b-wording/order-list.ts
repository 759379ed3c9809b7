/**
 * The words of the order list flow: every sentence a person reads in it, in one place (the one
 * messages table, lib/core/messages.ts, gathers every flow's). The flow's components import this
 * file alone, so that a page's script carries only its own flow's words.
 */

/** A count of parts or lines as the store writes it: `5,000`. */
const count = (value: number) => value.toLocaleString('en-US');

/** `3 lines`, `1 line`. */
const lines = (value: number) => `${count(value)} ${value === 1 ? 'line' : 'lines'}`;

/** Role names joined as a sentence says them: `owners`, `owners and buyers`, `a, b and c`. */
function joined(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Why a line sent to a colleague would not fit their order list, by the quantity rule's reason. */
export type MergedLineReason =
  | 'not_whole'
  | 'below_minimum'
  | 'not_multiple'
  | 'above_maximum'
  | 'above_stock'
  | 'too_large'
  | 'deleted';

export const orderListWording = {
  /** The order list's page (/dashboard/cart): its lines, their figures and what can be done. */
  list: {
    intro:
      'The parts you mean to order, kept for you on every device until you check them out as one order. Prices, minimums and stock are today’s.',
    /** The empty list, its two links given with the words around them. */
    empty: {
      start: 'Your order list is empty. Add parts from their',
      productPages: 'product pages',
      or: 'or with',
      quickOrder: 'Quick Order',
    },
    caption: ({ lines: total }: { lines: number }) => `Order list: ${total} lines`,
    columns: {
      part: 'Part',
      quantity: 'Quantity',
      unitPrice: 'Unit price',
      lineTotal: 'Line total',
    },
    noPartNumber: 'No part number',
    quantityOf: ({ part }: { part: string }) => `Quantity of ${part}`,
    cartons: ({ multiple }: { multiple: number }) => `Cartons of ${count(multiple)}`,
    useNearest: ({ quantity }: { quantity: number }) => `Use ${count(quantity)}`,
    yourPrice: 'Your price',
    remove: 'Remove',
    removeLabel: ({ part }: { part: string }) => `Remove ${part}`,
    removed: ({ part }: { part: string }) => `${part} was removed from your order list.`,
    total: 'Order total',
    totalWithoutIssues: 'without the lines that cannot be ordered as they are',
    lineCount: ({ lines: used, max }: { lines: number; max: number }) => `${used} of ${max} lines`,
    emptyButton: 'Empty order list',
    emptyConfirm: {
      title: 'Empty your order list?',
      text: 'Every line is removed. The parts stay in the catalogue.',
    },
    quote: 'More than we have in stock, or more than one card payment allows? Ask us a price.',
    /** A line whose product is no longer sold. */
    deleted: 'This part is no longer sold: remove it from your order list.',
  },
  /**
   * The note at the top of the order list of a company member whose role places no orders (the
   * roles named from the role table, lib/companies/roles.ts, plural and lower case).
   */
  cannotOrder: {
    heading: ({ roles }: { roles: readonly string[] }) =>
      `Only ${joined(roles)} can place orders; send this list to a colleague`,
    text: ({ company, role }: { company: string; role: string }) =>
      `Your role at ${company} (${role}) lets you keep parts in this list but not check it out. Send it to a colleague who places orders: every line is added to their order list, and they get a mail.`,
  },
  /** Sending the list to a colleague (POST /api/cart/share). */
  share: {
    heading: 'Send this list to a colleague',
    intro: ({ company }: { company: string }) =>
      `Every line is added to the order list of a colleague at ${company} who places orders, and they get a mail. Your own list stays as it is.`,
    colleagueLabel: 'Colleague',
    colleagueOption: ({ name, role }: { name: string; role: string }) => `${name} (${role})`,
    send: 'Send this list',
    sending: 'Sending…',
    sent: ({ sent, name }: { sent: number; name: string }) =>
      `${lines(sent)} sent to ${name}’s order list. Your own list stays as it is.`,
    noColleague: ({ company, roles }: { company: string; roles: readonly string[] }) =>
      `Nobody else at ${company} places orders yet (${joined(roles)} do). An owner can invite a buyer from the Company page.`,
    emptyList: 'Once your list has parts, you can send it to a colleague from here.',
    notReady:
      'A line of this list cannot be ordered as it is: change or remove it (its note says why), then send the list.',
  },
  /** The refusals of sending a list; `{name}` placeholders are filled by the store. */
  refusals: {
    chooseColleague: 'Choose a colleague from the list.',
    self: 'Choose a colleague: this order list is already yours.',
    notOrdering: ({ roles }: { roles: readonly string[] }) =>
      `This colleague’s role does not place orders, so the list cannot go to them. Choose one of your company’s ${joined(roles)}.`,
    linesRefused:
      'Nothing was sent: with what {name} already has, these parts would not fit their order list: {lines}. Ask them to change those lines, or change yours.',
    full: 'Nothing was sent: {name}’s order list would hold {count} parts, more than the {max} it may hold. Ask them to check out or remove some lines first.',
    busy: '{name}’s order list was changed at the same moment. Please send your list again.',
    /** One line of `linesRefused`: the part and why it would not fit. */
    line: ({
      part,
      total,
      already,
      reason,
      available,
      minimum,
      multiple,
      maximum,
    }: {
      part: string;
      total: number;
      already: number;
      reason: MergedLineReason;
      available: number;
      minimum: number;
      multiple: number;
      maximum: number;
    }) => {
      const why =
        reason === 'above_stock'
          ? `only ${count(available)} available`
          : reason === 'above_maximum'
            ? `at most ${count(maximum)} in one order`
            : reason === 'below_minimum'
              ? `the minimum is ${count(minimum)}`
              : reason === 'not_multiple'
                ? `sold in cartons of ${count(multiple)}`
                : reason === 'deleted'
                  ? 'no longer sold'
                  : 'more than one order may take';
      return already > 0
        ? `${part}: ${count(total)} with the ${count(already)} already there, ${why}`
        : `${part}: ${count(total)}, ${why}`;
    },
  },
  /** The mail to the colleague (lib/cart/mail): the subject says the store's words only. */
  mail: {
    subject: ({ store }: { store: string }) =>
      `A colleague added parts to your order list on ${store}`,
    preview: ({ store }: { store: string }) =>
      `Parts from a colleague are in your order list on ${store}; nothing is ordered yet.`,
    heading: 'A colleague sent you their order list',
    intro: ({ from, sent, store }: { from: string; sent: number; store: string }) =>
      `${from} sent you ${lines(sent)} of their order list on ${store}. They are in your order list now, added to what you already had. Nothing is ordered yet.`,
    next: 'Check the quantities, then check the list out as one order when it suits you.',
    button: 'Open your order list',
    partsHeading: 'What was sent',
    quantity: ({ quantity }: { quantity: number }) => `${count(quantity)} pcs`,
    more: ({ more }: { more: number }) =>
      `And ${lines(more)} more: your order list shows every line.`,
    footer:
      'The sender’s name is the one on their account with us. Only members of your company can send you their order list. If you did not expect it, remove the lines from your order list: nothing is ordered unless you check it out.',
  },
} as const;
