import 'server-only';
import { csvRecords, type CsvCell } from '@/lib/core/csv';
import { centsToDecimal } from '@/lib/orders';
import { STATEMENT_CSV_COLUMNS, type Statement } from './shared';
import { INVOICE_STATUS_LABELS } from './rules';

/**
 * A statement as a CSV download for the company's books: a header row, then one record per
 * invoice drawn and per payment received in the range, in date order (RFC 4180, CRLF line ends,
 * formulas neutralised by lib/core/csv; amounts in decimal dollars from integer cents; dates
 * ISO 8601 in UTC). An invoice's record carries its amount under Charge, a payment's under
 * Payment, so an importer sums each column.
 */

export function statementCsv(statement: Statement): string {
  const records: { at: string; row: CsvCell[] }[] = [
    ...statement.invoices.map((invoice) => ({
      at: invoice.issuedAt,
      row: [
        invoice.issuedAt,
        'Invoice',
        invoice.number,
        invoice.poNumber,
        null,
        invoice.dueAt,
        centsToDecimal(invoice.totalCents),
        null,
        INVOICE_STATUS_LABELS[invoice.status],
      ],
    })),
    ...statement.payments.map((payment) => ({
      at: payment.at,
      row: [
        payment.at,
        payment.source === 'stripe' ? 'Payment (Stripe)' : 'Payment',
        payment.number,
        null,
        payment.reference,
        null,
        null,
        centsToDecimal(payment.amountCents),
        null,
      ],
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return csvRecords([[...STATEMENT_CSV_COLUMNS], ...records.map((record) => record.row)]);
}

/** `statement-2026-11-01-to-2026-11-30.csv`: the range it holds. */
export function statementFileName({ from, to }: Pick<Statement, 'from' | 'to'>): string {
  const parts = ['statement'];
  if (from) parts.push(`from-${from}`);
  if (to) parts.push(`to-${to}`);
  return `${parts.join('-')}.csv`;
}
