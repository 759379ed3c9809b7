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
      return `${amount} on invoice ${invoice.number} was due on ${due}, ${invoice.daysOverdue} days ago. Orders on account may be held until it is paid.`;
  }
}

/**
 * To the members of a company who handle its invoices (accounts, owners): an invoice on account
 * was issued, or is about to be due, due, or overdue. The pay link opens Stripe's hosted page
 * (bank transfer or US bank account); without one, the invoice page says how to pay.
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
      <Paragraph>{opening(moment, invoice)}</Paragraph>
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
        <InlineLink href={invoice.link}>its page in your account</InlineLink>. Already paid? Thank
        you: a bank transfer can take a few days to reach us, and this mail crossed it.
      </Paragraph>
    </MailLayout>
  );
}
