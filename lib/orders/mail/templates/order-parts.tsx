import type { ReactNode } from 'react';
import { Text } from '@react-email/components';
import {
  absoluteLink,
  colors,
  Facts,
  FactsTable,
  InlineLink,
  Lines,
  mailPaths,
  styles,
  Subheading,
  units,
} from '@/lib/core/mail/parts';
import { formatMoment } from '@/lib/core/dates';
import { formatMoney } from '@/lib/core/money';
import type { OrderMailData, OrderMailLine } from '../order-data';

/** The parts only order mails use; the shared ones are in lib/core/mail/parts.tsx. */

/**
 * What every order mail is given: the order, the store's name, and the origin its links start
 * from (`https://parts.example.com`, decided by the caller, never read from a request here).
 */
export interface OrderMailProps {
  order: OrderMailData;
  storeName: string;
  origin: string;
}

/** A titled table of facts (`Receipt`, `Shipment`, `Buyer`...); rows with a null value are left out. */
export function TitledFacts({
  title,
  rows,
}: {
  title: string;
  rows: [label: string, value: ReactNode | null][];
}) {
  return (
    <>
      <Subheading>{title}</Subheading>
      <Facts rows={rows} />
    </>
  );
}

/** How many lines an order mail lists at most; the order page lists them all. */
export const MAIL_LINES = 20;

/** The lines a mail lists for an order of several lines; null for an order of one product. */
function listedLines(order: OrderMailData): OrderMailLine[] | null {
  return order.lines && order.lines.length > 1 ? order.lines : null;
}

/** The order's own page, where every line is listed. */
export function orderPagePath(orderId: string): string {
  return `/dashboard/order/${encodeURIComponent(orderId)}`;
}

/**
 * What was ordered, as a sentence says it: `5,000 × Hex Flange Bolt M8` for an order of one
 * product, `25 parts (12,500 units)` for an order of several lines.
 */
export function orderedGoods(order: OrderMailData): string {
  const lines = listedLines(order);
  return lines
    ? `${lines.length} parts (${units(order.quantity)} units)`
    : `${units(order.quantity)} × ${order.product.name}`;
}

/** `orderedGoods` inside a paragraph (the same text nodes a paragraph always had). */
export function OrderedGoods({ order }: { order: OrderMailData }) {
  return listedLines(order) ? (
    <>{orderedGoods(order)}</>
  ) : (
    <>
      {units(order.quantity)} × {order.product.name}
    </>
  );
}

/** The facts every order mail shows: what was ordered, for how much, and where it goes. */
export function OrderSummary({
  order,
  origin,
  audience = 'buyer',
}: {
  order: OrderMailData;
  /** Where the order page's link starts, for an order of more lines than a mail lists. */
  origin: string;
  /**
   * Who reads it, for the label of the purchase-order number: the buyer ("Your PO number"), or
   * someone else, the store or the buyer's approvers ("Buyer's PO number").
   */
  audience?: 'buyer' | 'others';
}) {
  const lines = listedLines(order);
  const what: [string, ReactNode | null][] = lines
    ? [
        ['Lines', units(lines.length)],
        ['Units', units(order.quantity)],
      ]
    : [
        ['Part number', order.product.partNumber],
        ['Product', order.product.name],
        ['Quantity', units(order.quantity)],
        ['Unit price', formatMoney(order.unitPriceCents)],
      ];
  return (
    <>
      <TitledFacts
        title="Order"
        rows={[
          ['Order', order.id],
          [
            audience === 'buyer' ? 'Your PO number' : "Buyer's PO number",
            order.purchaseOrderNumber,
          ],
          ['Placed', formatMoment(order.placedAt)],
          ...what,
          ['Total', <strong key="total">{formatMoney(order.totalCents)}</strong>],
        ]}
      />
      {lines && <OrderLines order={order} lines={lines} origin={origin} />}
      <Subheading>Delivery address</Subheading>
      <Lines text={order.deliveryAddress} />
    </>
  );
}

const cell = { ...styles.value, padding: '6px 8px 6px 0', borderTop: `1px solid ${colors.line}` };
const headCell = { ...styles.label, width: undefined, padding: '6px 8px 6px 0' };
const number = { textAlign: 'right' as const, whiteSpace: 'nowrap' as const };

/**
 * The lines of an order of several lines: part number, product, quantity and line total, the
 * first `MAIL_LINES` of them, then how many more there are with a link to the order page. The
 * text version lays the table out in columns, as it does the facts (class `facts`,
 * lib/core/mail/render.ts).
 */
function OrderLines({
  order,
  lines,
  origin,
}: {
  order: OrderMailData;
  lines: OrderMailLine[];
  origin: string;
}) {
  const shown = lines.slice(0, MAIL_LINES);
  const more = lines.length - shown.length;
  return (
    <>
      <Subheading>Lines</Subheading>
      <FactsTable>
        <thead>
          <tr>
            <th style={{ ...headCell, textAlign: 'left' }}>Part number</th>
            <th style={{ ...headCell, textAlign: 'left' }}>Product</th>
            <th style={{ ...headCell, ...number }}>Quantity</th>
            <th style={{ ...headCell, ...number, paddingRight: 0 }}>Total</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((line, index) => (
            <tr key={index}>
              <td style={{ ...cell, whiteSpace: 'nowrap' }}>{line.partNumber ?? '—'}</td>
              <td style={cell}>{line.name}</td>
              <td style={{ ...cell, ...number }}>{units(line.quantity)}</td>
              <td style={{ ...cell, ...number, paddingRight: 0 }}>
                {formatMoney(line.totalCents)}
              </td>
            </tr>
          ))}
        </tbody>
      </FactsTable>
      {more > 0 && (
        <Text style={{ ...styles.text, fontSize: '14px', margin: '8px 0 0' }}>
          {`and ${units(more)} more ${more === 1 ? 'line' : 'lines'}: `}
          <InlineLink href={absoluteLink(origin, orderPagePath(order.id))}>
            {`see all ${units(lines.length)} lines of order ${order.id}`}
          </InlineLink>
        </Text>
      )}
    </>
  );
}

/** The closing paragraph: where to ask about the order. */
export function QuestionsLine({ order, origin }: { order: OrderMailData; origin: string }) {
  return (
    <Text style={{ ...styles.text, color: colors.muted, fontSize: '13px', margin: 0 }}>
      Questions about this order? Write to us through the{' '}
      <InlineLink href={absoluteLink(origin, mailPaths.contact)}>contact form</InlineLink> and quote
      order {order.id}.
    </Text>
  );
}
