import { handle } from '@/lib/api/handle';
import { getInvoiceOp } from '@/lib/orders/api';
import { invoiceFor } from '@/lib/invoices';

/**
 * GET /api/orders/{id}/invoice: the invoice of a paid order as a PDF download, for its owner or
 * an admin (401 signed out, 403 someone else's order, 404 unknown id, 400 malformed id, 409
 * unpaid). It holds personal and payment details: never stored by a shared cache or the browser.
 */
export const GET = handle(getInvoiceOp, async ({ user, params }) => {
  const { fileName, pdf } = await invoiceFor(user, params.id);
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Content-Length': String(pdf.length),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});
