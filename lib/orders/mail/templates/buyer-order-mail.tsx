import type { ReactNode } from 'react';
import { MailLayout, Rule } from '@/lib/core/mail/parts';
import { QuestionsLine, type OrderMailProps } from './order-parts';

/**
 * A mail to the buyer about their order: what the store says (`children`: the message, its
 * facts and its button), then below a rule any `footnote` and where to ask about the order.
 */
export function BuyerOrderMail({
  order,
  storeName,
  origin,
  preview,
  heading,
  footnote,
  children,
}: OrderMailProps & {
  preview: string;
  heading: string;
  footnote?: ReactNode;
  children: ReactNode;
}) {
  return (
    <MailLayout storeName={storeName} origin={origin} preview={preview} heading={heading}>
      {children}
      <Rule />
      {footnote}
      <QuestionsLine order={order} origin={origin} />
    </MailLayout>
  );
}
