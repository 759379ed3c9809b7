import { mailOrigin, renderMail, type RenderedMail } from '@/lib/core/mail/render';
import type { InvoiceMailData, InvoiceMailMoment } from './invoice-data';
import { invoiceMailSubjects } from './subjects';
import InvoiceMail from './templates/invoice-mail';

export type { InvoiceMailData, InvoiceMailMoment };

/** Renders an invoice mail: subject, HTML and text, every link absolute on `origin`. */
export async function renderInvoiceMail(
  moment: InvoiceMailMoment,
  invoice: InvoiceMailData,
  { origin, storeName }: { origin: string; storeName: string },
): Promise<RenderedMail> {
  const { html, text } = await renderMail(
    <InvoiceMail
      moment={moment}
      invoice={invoice}
      storeName={storeName}
      origin={mailOrigin(origin)}
    />,
  );
  return { subject: invoiceMailSubjects[moment](invoice, storeName), html, text };
}
