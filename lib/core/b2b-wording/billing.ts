/**
 * The words of the billing flow: every sentence a person reads in it, in one place (the one
 * messages table, lib/core/messages.ts, gathers every flow's). The flow's components import this
 * file alone, so that a page's script carries only its own flow's words.
 *
 * A company buying on account is invoiced for its orders; its owners and accounts members read
 * its invoices and its statement and pay each invoice on its payment page (Stripe's) or by bank
 * transfer; store admins read every company's, with the aging report and the money to return,
 * and record a payment or void an invoice. An order paid now may be paid by bank transfer on its
 * payment page. Price lists (contract prices) are the store admins'. Amounts come in as cents,
 * days and moments formatted; an invoice number is null while it is being numbered.
 */
import { formatMoney } from '@/lib/core/money';

/** A count with its noun: `1 invoice`, `3 invoices`. */
const counted = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** An invoice as a sentence names it: `invoice INV-2026-000042`, or `this invoice`. */
const invoiceNamed = (number: string | null) => (number ? `invoice ${number}` : 'this invoice');

/** Stripe's payment networks (`ach`, `domestic_wire_us`, `swift`) as a person reads them. */
const NETWORKS: Record<string, string> = {
  ach: 'ACH',
  domestic_wire_us: 'US wire',
  swift: 'SWIFT wire',
};

/** A link's note for screen readers, beside links that open a new tab. */
const NEW_TAB = '(opens in a new tab)';

export const billingWording = {
  /** The invoices and statement pages, to someone who has none to read. */
  noInvoices: {
    /** A member whose role does not handle the company's invoices. */
    notAllowed: (company: string) =>
      `Your role in ${company} does not show its invoices: its owners and accounts members see and pay them.`,
    noCompany:
      'You do not belong to a company yet. Invoices on account are a company’s: create or join one.',
    seeCompany: 'See your company',
    createOrJoin: 'Create or join a company',
  },

  /** What is owed and overdue, on the invoices list and the statement. */
  totals: { owed: 'Owed', overdue: 'Overdue' },

  /** An invoice's status badge: overdue, with its days, before its own status. */
  overdueDays: (days: number) => `Overdue ${counted(days, 'day', 'days')}`,

  /** The invoices list (/dashboard/invoices). */
  invoices: {
    title: 'Invoices',
    introAdmin: 'Every company’s invoices on account, newest first.',
    intro: (company: string) =>
      `${company}’s invoices on account, newest first. Pay by bank transfer or US bank account on each invoice’s payment page.`,
    filters: 'Invoice filters',
    all: 'All',
    count: (count: number) => counted(count, 'invoice', 'invoices'),
    /** No invoice under a filter ("Open", "Overdue", "Paid", "Void"). */
    noneUnder: (filter: string) => `No ${filter.toLowerCase()} invoices.`,
    none: 'No invoices yet: an order on account is invoiced when it ships (or when it is placed, on some terms).',
    pages: 'Invoice list pages',
    showAll: 'Show all invoices',
    columns: {
      invoice: 'Invoice',
      company: 'Company',
      due: 'Due',
      total: 'Total',
      owed: 'Owed',
      status: 'Status',
      actions: 'Actions',
    },
    /** An invoice's number before it has one. */
    beingNumbered: 'Being numbered',
    poNumber: (poNumber: string) => `PO ${poNumber}`,
    pay: 'Pay',
    payLabel: (number: string | null) => `Pay ${invoiceNamed(number)} ${NEW_TAB}`,
  },

  /** Store admins: what every company owes, by how overdue it is. */
  aging: {
    title: 'Aging report',
    intro: 'What every company owes, by how many days it is overdue.',
    label: 'What is owed, by age',
    buckets: {
      current: 'Current',
      '1-30': '1–30 days',
      '31-60': '31–60 days',
      '61-90': '61–90 days',
      '90+': 'Over 90 days',
    },
    total: 'Total',
  },

  /** Store admins: money that arrived for a voided invoice or a cancelled order. */
  moneyToReturn: {
    title: 'Money to return',
    none: 'Nothing to return: no payment arrived for a voided invoice or a cancelled order.',
    total: ({ count, totalCents }: { count: number; totalCents: number }) =>
      `${counted(count, 'payment', 'payments')} arrived for a voided invoice or a cancelled order: ${formatMoney(totalCents)} to return to the payers.`,
    columns: {
      received: 'Received',
      company: 'Company',
      for: 'For',
      amount: 'Amount',
      reference: 'Reference',
      actions: 'Actions',
    },
    /** A payment's invoice, linked, before it has a number. */
    invoice: 'Invoice',
    order: (orderId: string) => `Order ${orderId}`,
    /** Who the money goes back to when no company is known. */
    noPayer: 'its payer',
    returnedTitle: 'Returned',
    returnedColumns: {
      returned: 'Returned',
      company: 'Company',
      for: 'For',
      amount: 'Amount',
      reference: 'Reference',
      markedBy: 'Marked by',
      note: 'Note',
    },
  },

  /** One invoice (/dashboard/invoices/{id}). */
  invoice: {
    title: 'Invoice',
    back: '← Invoices',
    heading: (number: string | null) => `Invoice ${number ?? '(being numbered)'}`,
    details: {
      title: 'Details',
      company: 'Company',
      poNumber: 'PO number',
      noPoNumber: 'None given',
      issued: 'Issued',
      due: 'Due',
      total: 'Total',
      paid: 'Paid',
      owed: 'Still owed',
      voided: 'Voided',
    },
    seeOrder: 'See the order',
    pdf: 'Download PDF',
    newTab: NEW_TAB,
    pay: {
      title: 'How to pay',
      onPaymentPage:
        'Pay on the invoice’s payment page: by bank transfer (it gives the account number, routing number and the reference to quote) or from a US bank account.',
      /** Before the invoice's number, in bold, and a colon, then the company's account. */
      toCompanyAccount: (company: string) =>
        `Or send a bank transfer to ${company}’s account with us, quoting`,
      button: (openCents: number) => `Pay ${formatMoney(openCents)}`,
      buttonNote: '(opens the payment page in a new tab)',
      /** An open invoice with no payment page (the store's own invoicing). */
      withoutPaymentPage: (number: string | null) =>
        `Pay by bank transfer or cheque, quoting ${invoiceNamed(number)}; ask us for our bank details. The payment is recorded here once it has arrived.`,
      beingIssued: 'The invoice is being issued: its payment page follows shortly.',
      /** Store admins: how the issuing of an invoice goes. */
      issuing: ({
        attempts,
        lastError,
        nextAttemptAt,
      }: {
        attempts: number;
        lastError: string | null;
        /** Formatted; null when no attempt is due. */
        nextAttemptAt: string | null;
      }) =>
        `${counted(attempts, 'attempt', 'attempts')} so far${lastError ? `; the last failed: ${lastError}` : ''}${nextAttemptAt ? `. Next attempt ${nextAttemptAt}.` : '.'}`,
    },
    lines: {
      title: (count: number) => `Lines (${count})`,
      label: 'Invoice lines',
      columns: {
        partNumber: 'Part number',
        product: 'Product',
        quantity: 'Quantity',
        unitPrice: 'Unit price',
        amount: 'Amount',
      },
    },
    payments: {
      title: 'Payments',
      none: 'No payment received yet.',
      label: 'Payments received',
      columns: { received: 'Received', reference: 'Reference', by: 'By', amount: 'Amount' },
      /** Who the payment came through. */
      source: { stripe: 'Stripe', admin: 'Recorded by the store' },
      lastFailure: ({ at, message }: { at: string; message: string }) =>
        `Last failed payment attempt (${at}): ${message}`,
    },
  },

  /** The company's statement (/dashboard/statement). */
  statement: {
    title: 'Statement',
    /** A store admin, who belongs to no company: before the link to the invoices. */
    adminNone: 'A statement is a company’s. Every company’s invoices and the aging report are on',
    invoicesLink: 'Invoices',
    /** Days formatted; neither: every date. */
    intro: ({ company, from, to }: { company: string; from: string | null; to: string | null }) =>
      `${company}’s account: what it owes now, and its invoices and payments ${
        from || to
          ? [from ? `from ${from}` : '', to ? `to ${to}` : ''].filter(Boolean).join(' ')
          : 'of every date'
      }.`,
    range: {
      label: 'Statement dates',
      from: 'From',
      to: 'To',
      show: 'Show',
      everyDate: 'Every date',
      exportCsv: 'Export CSV',
      hint: 'Days in UTC, both included. Export CSV downloads the invoices and payments of these dates.',
    },
    owedTitle: 'Owed now',
    invoices: {
      title: 'Invoices',
      total: (cents: number) => `Invoiced: ${formatMoney(cents)}`,
      none: 'No invoice in these dates.',
      label: 'Invoices in this statement',
      columns: {
        invoice: 'Invoice',
        issued: 'Issued',
        due: 'Due',
        total: 'Total',
        owed: 'Owed',
        status: 'Status',
      },
    },
    payments: {
      title: 'Payments',
      total: (cents: number) => `Received: ${formatMoney(cents)}`,
      none: 'No payment in these dates.',
      label: 'Payments in this statement',
      columns: {
        received: 'Received',
        invoice: 'Invoice',
        reference: 'Reference',
        amount: 'Amount',
      },
    },
  },

  /** Store admins' actions on an invoice and on money to return. */
  adminActions: {
    recordPayment: {
      button: 'Record payment',
      label: (number: string | null) => `Record payment for ${number ?? 'this invoice'}`,
      title: (number: string | null) => `Record a payment for ${number ?? 'this invoice'}`,
      busy: 'Recording…',
      intro: (openCents: number) =>
        `A cheque or wire received outside Stripe. Still owed: ${formatMoney(openCents)}.`,
      amount: 'Amount ($)',
      reference: 'Reference',
      referenceHint: 'The cheque number or the wire’s reference.',
      done: (amountCents: number) => `Payment of ${formatMoney(amountCents)} recorded.`,
    },
    void: {
      button: 'Void',
      label: (number: string | null) => (number ? `Void invoice ${number}` : 'Void this invoice'),
      title: (number: string | null) => (number ? `Void invoice ${number}?` : 'Void this invoice?'),
      text: 'Nothing will be owed on it: it can no longer be paid, at Stripe either, and its amount goes back to the company’s credit. This cannot be undone.',
      confirm: 'Void invoice',
      done: (number: string | null) =>
        number ? `Invoice ${number} is void.` : 'The invoice is void.',
    },
    markReturned: {
      button: 'Mark returned',
      label: ({ amountCents, payer }: { amountCents: number; payer: string }) =>
        `Mark ${formatMoney(amountCents)} to ${payer} returned`,
      title: (amountCents: number) => `Mark ${formatMoney(amountCents)} returned?`,
      busy: 'Marking…',
      text: ({ amountCents, payer }: { amountCents: number; payer: string }) =>
        `Confirm that ${formatMoney(amountCents)} went back to ${payer} (a refund at Stripe, a cheque). It moves to the returned payments with your name and today’s date; this cannot be undone.`,
      note: 'Note (optional)',
      noteHint: (max: number) =>
        `How it was returned, e.g. the refund’s id. At most ${max} characters.`,
      done: ({ amountCents, payer }: { amountCents: number; payer: string }) =>
        `${formatMoney(amountCents)} to ${payer} is marked returned.`,
    },
  },

  /** Paying an order by bank transfer, on its payment page. */
  bankTransfer: {
    /** Before the bank details are asked for. */
    offer: {
      heading: (required: boolean) =>
        required ? 'Pay by bank transfer' : 'Or pay by bank transfer',
      text: ({ required, holdDays }: { required: boolean; holdDays: number }) =>
        `${
          required
            ? 'This order is larger than a single card payment allows: send the amount from your bank (ACH or wire).'
            : 'Send the amount from your bank (ACH or wire) instead of a card.'
        } We show the account and the reference to quote; the order is paid once the money has arrived. Its parts stay reserved for you until the pay-by time above; once part of the money has arrived, until ${counted(holdDays, 'day', 'days')} after it arrived (if your account’s email is verified).`,
      button: 'Pay by bank transfer',
      busy: 'Preparing the bank details…',
    },
    /** The bank details, once asked for. */
    instructions: {
      heading: 'Pay by bank transfer',
      /** Before the amount still to send, in bold, and a full stop. */
      arrived: (arrivedCents: number) =>
        `${formatMoney(arrivedCents)} has arrived. Please send the remaining`,
      send: 'Please send',
      reference: 'Quote this reference with your transfer:',
      printable: `Printable instructions ${NEW_TAB}`,
      paid: 'The order is marked paid as soon as the whole amount has arrived; we mail you then.',
    },
  },

  /** A bank account to send a transfer to (a payment page's, an invoice's company account). */
  bankAccount: {
    bank: 'Bank',
    holder: 'Account holder',
    routingNumber: 'Routing number',
    swift: 'SWIFT',
    accountNumber: 'Account number',
    /** The payment networks that reach the account. */
    networks: 'Send by',
    /** A network as a person reads it (Stripe's name for one this store does not know). */
    network: (network: string) => NETWORKS[network] ?? network,
  },

  /** A paid order's invoice, as a download link. */
  invoiceLink: {
    label: 'Invoice',
    /** For screen readers, before the invoice has its number. */
    unnumbered: (orderId: string) => `Download invoice for order ${orderId}`,
  },

  /** Store admins: price lists, the companies' contract prices (/dashboard/price-lists). */
  priceLists: {
    title: 'Price lists',
    none: 'There are no price lists yet.',
    count: (count: number) => counted(count, 'price list', 'price lists'),
    columns: {
      name: 'Name',
      valid: 'Valid',
      percentOff: '% off',
      entries: 'Entries',
      companies: 'Companies',
    },
    /** When a list applies; days formatted, null where it is open. */
    validity: ({ from, to }: { from: string | null; to: string | null }) =>
      from && to ? `${from} – ${to}` : from ? `From ${from}` : to ? `Until ${to}` : 'Always',
    percentOff: (percent: number) => `${percent} %`,
    pages: 'Price list pages',
    showAll: 'Show all price lists',
    newTitle: 'New price list',
  },

  /** Store admins: one price list (/dashboard/price-lists/{id}). */
  priceList: {
    title: 'Price list',
    back: '← All price lists',
    companies: (count: number) =>
      count === 0
        ? 'No company buys at this list yet.'
        : `${counted(count, 'company buys', 'companies buy')} at this list.`,
    assign: 'Assign it from a company’s page.',
    detailsTitle: 'Details',
    entriesTitle: 'Entries',
    showFirstPage: 'Show the first page',
    entryCount: (count: number) => counted(count, 'entry', 'entries'),
    columns: {
      partNumber: 'Part number',
      unitPrice: 'Unit price',
      minimum: 'Minimum',
      multiple: 'Multiple',
      maximum: 'Maximum',
      remove: 'Remove',
    },
    /** A volume tier of an entry: `1,000+: $0.10`. */
    tier: ({ minQuantity, unitPrice }: { minQuantity: number; unitPrice: string }) =>
      `${minQuantity.toLocaleString('en-US')}+: ${unitPrice}`,
    entryPages: 'Entry pages',
    /** A list with no entries prices every part by its percentage off, or at its own price. */
    noEntries: (percentOff: number | null) =>
      percentOff === null
        ? 'No entries yet and no percentage off: its companies pay every part’s own price. Import entries below, or give the list a percentage off under Details.'
        : `No entries yet: while the list is valid, its companies pay every part’s list price less ${percentOff} %.`,
    importTitle: 'Import entries (CSV)',
    deleteTitle: 'Delete',
    deleteText:
      'Deletes the list and its entries; its companies pay their usual prices from then on.',
  },
} as const;
