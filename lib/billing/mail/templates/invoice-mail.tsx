import {
  ActionButton,
  Facts,
  InlineLink,
  MailLayout,
  Paragraph,
  Rule,
} from '@/lib/core/mail/parts';
import { formatDay } from '@/lib/core/dates';
import { formatMoney } from '@/lib/core/money';
import type { InvoiceMailData, InvoiceMailMoment } from '../invoice-data';

const headings: Record<InvoiceMailMoment, (invoice: InvoiceMailData) => string> = {
  issued: (invoice) => `Invoice ${invoice.number}`,
  before_due: (invoice) => `Invoice ${invoice.number} is due in 3 days`,
  due: (invoice) => `Invoice ${invoice.number} is due today`,
  overdue: (invoice) => `Invoice ${invoice.number} is overdue`,
};

/** `1 day`, `8 days`. */
function days(count: number): string {
  return `${count} ${count === 1 ? 'day' : 'days'}`;
}

function opening(moment: InvoiceMailMoment, invoice: InvoiceMailData): string {
  const amount = formatMoney(invoice.openCents);
  const due = formatDay(invoice.dueAt);
  switch (moment) {
    case 'issued':
      return `Here is the invoice for ${invoice.companyName}’s order on account: ${amount}, due ${due}.`;
    case 'before_due':
      return `A reminder that ${amount} on invoice ${invoice.number} is due on ${due}.`;
    case 'due':
      return `${amount} on invoice ${invoice.number} is due today, ${due}.`;
    case 'overdue':
      return `${amount} on invoice ${invoice.number} was due on ${due}, ${days(invoice.daysOverdue)} ago.`;
  }
}

/** How to pay it: on Stripe's payment page when there is one, else by transfer or cheque. */
function howToPay(moment: InvoiceMailMoment, invoice: InvoiceMailData): string {
  const by = moment === 'issued' || moment === 'before_due' ? ' by the due date' : '';
  const how = invoice.payLink
    ? `Pay it${by} on its payment page, by bank transfer or from a US bank account.`
    : `Pay it${by} by bank transfer or cheque, quoting ${invoice.number}; its page in your account says how.`;
  return moment === 'overdue'
    ? `${how} Until it is paid, new orders on account may be refused; paying by card still works.`
    : how;
}

/**
 * To the members of a company who handle its invoices (accounts, owners): an invoice on account
 * was issued, or is about to be due, due, or overdue: how much, by when, and how to pay it. The
 * pay link opens Stripe's hosted page (bank transfer or US bank account); without one, the
 * invoice page says how to pay.
 */
export default function InvoiceMail({
  moment,
  invoice,
  storeName,
  origin,
}: {
  moment: InvoiceMailMoment;
  invoice: InvoiceMailData;
  storeName: string;
  origin: string;
}) {
  return (
    <MailLayout
      storeName={storeName}
      origin={origin}
      preview={opening(moment, invoice)}
      heading={headings[moment](invoice)}
    >
      <Paragraph>
        {opening(moment, invoice)} {howToPay(moment, invoice)}
      </Paragraph>
      <ActionButton href={invoice.payLink ?? invoice.link}>
        {invoice.payLink ? 'Pay the invoice' : 'See the invoice'}
      </ActionButton>
      <Facts
        rows={[
          ['Invoice', invoice.number],
          ['Company', invoice.companyName],
          ['PO number', invoice.poNumber],
          ['Total', formatMoney(invoice.totalCents)],
          [
            'Still due',
            invoice.openCents === invoice.totalCents ? null : formatMoney(invoice.openCents),
          ],
          ['Due date', formatDay(invoice.dueAt)],
          ['Lines', String(invoice.lineCount)],
        ]}
      />
      <Rule />
      <Paragraph>
        The invoice, its lines and its payments are on{' '}
        <InlineLink href={invoice.link}>its page in your account</InlineLink>.
        {moment === 'issued'
          ? ''
          : ' Already paid? Thank you: a bank transfer can take a few days to reach us, and this mail crossed it.'}
      </Paragraph>
    </MailLayout>
  );
}
