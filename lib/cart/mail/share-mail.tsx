import { mailOrigin, renderMail, type RenderedMail } from '@/lib/core/mail/render';
import type { ListSharedMailData } from './share-data';
import { CART_SHARED_MAIL, cartMailSubjects } from './subjects';
import OrderListSharedMail from './templates/order-list-shared';

export type { ListSharedMailData };

/** The order list's page, where the lines sent now are. */
export function orderListLink(origin: string): string {
  return new URL('/dashboard/cart', origin).toString();
}

/** Renders the mail to a colleague who was sent an order list: subject, HTML and text. */
export async function renderListSharedMail(
  data: ListSharedMailData,
  { origin, storeName }: { origin: string; storeName: string },
): Promise<RenderedMail> {
  const { html, text } = await renderMail(
    <OrderListSharedMail data={data} storeName={storeName} origin={mailOrigin(origin)} />,
  );
  return { subject: cartMailSubjects[CART_SHARED_MAIL](data, storeName), html, text };
}
