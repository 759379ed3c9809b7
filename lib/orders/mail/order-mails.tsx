import type { ComponentType } from 'react';
import type { OrderMailData } from '@/lib/orders/mail/order-data';
import { mailOrigin, renderMail, type RenderedMail } from '@/lib/core/mail/render';
import { orderMailSubjects, type OrderMailKind } from '@/lib/orders/mail/subjects';
import OrderCancelledMail from '@/lib/orders/mail/templates/order-cancelled';
import OrderPaidMail from '@/lib/orders/mail/templates/order-paid';
import OrderPlacedMail from '@/lib/orders/mail/templates/order-placed';
import OrderShippedMail from '@/lib/orders/mail/templates/order-shipped';
import ApprovalRequestedMail from '@/lib/orders/mail/templates/approval-requested';
import OrderApprovedMail from '@/lib/orders/mail/templates/order-approved';
import OrderConfirmedMail from '@/lib/orders/mail/templates/order-confirmed';
import type { OrderMailProps } from './templates/order-parts';
import StoreOrderPaidMail from '@/lib/orders/mail/templates/store-order-paid';

export type { OrderMailKind } from '@/lib/orders/mail/subjects';

/** The template of each order mail (one file each in lib/orders/mail/templates). */
const templates: Record<OrderMailKind, ComponentType<OrderMailProps>> = {
  'order.placed': OrderPlacedMail,
  'order.paid': OrderPaidMail,
  'order.shipped': OrderShippedMail,
  'order.cancelled': OrderCancelledMail,
  'order.paid.store': StoreOrderPaidMail,
  'order.approval_requested': ApprovalRequestedMail,
  'order.approved': OrderApprovedMail,
  'order.confirmed': OrderConfirmedMail,
};

/** Which order mails go to the store (ORDERS_TO); every other one goes to the buyer. */
export const storeOrderMails: ReadonlySet<OrderMailKind> = new Set(['order.paid.store']);

/**
 * Which order mails go to the approvers and owners of the buyer's company (lib/companies: the
 * members whose role may approve orders, the buyer left out).
 */
export const approverOrderMails: ReadonlySet<OrderMailKind> = new Set(['order.approval_requested']);

/**
 * Renders one order mail: subject, HTML and plain text, with the store's name and every link
 * absolute on `origin`.
 */
export async function renderOrderMail(
  kind: OrderMailKind,
  order: OrderMailData,
  { origin, storeName }: { origin: string; storeName: string },
): Promise<RenderedMail> {
  const Template = templates[kind];
  const props: OrderMailProps = { order, storeName, origin: mailOrigin(origin) };
  const { html, text } = await renderMail(<Template {...props} />);
  return { subject: orderMailSubjects[kind](order, storeName), html, text };
}
