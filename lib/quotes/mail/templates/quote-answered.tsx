import { Paragraph, units } from '@/lib/core/mail/parts';
import { formatDay } from '@/lib/core/dates';
import { formatMoney } from '@/lib/core/money';
import { BuyerQuoteMail } from '@/lib/quotes/mail/templates/buyer-quote-mail';
import { askedWords, type QuoteMailProps } from '@/lib/quotes/mail/templates/quote-parts';

/** To the buyer, when the store answers their quote: the price, until when, how to accept. */
export default function QuoteAnsweredMail({ quote, storeName, origin }: QuoteMailProps) {
  const answer = quote.answer;
  if (quote.lines) {
    const total = answer ? formatMoney(answer.totalCents) : '';
    return (
      <BuyerQuoteMail
        quote={quote}
        storeName={storeName}
        origin={origin}
        preview={`${total} in all for ${askedWords(quote, 'your')}.`}
        heading="Your quote is ready"
        action="Review and accept"
      >
        <Paragraph>
          Hello {quote.buyer.name}, we can supply {askedWords(quote, 'your')} at the unit prices
          below, <strong>{total}</strong> in all.
          {answer ? (
            <> The offer holds until the end of {formatDay(answer.validUntil)} (UTC).</>
          ) : null}{' '}
          Accept it on the quotes page to place them as one order, then pay it as any order.
        </Paragraph>
      </BuyerQuoteMail>
    );
  }
  const price = answer?.unitPriceCents != null ? formatMoney(answer.unitPriceCents) : '';
  return (
    <BuyerQuoteMail
      quote={quote}
      storeName={storeName}
      origin={origin}
      preview={`${price} a unit for ${units(quote.quantity)} × ${quote.product.name}.`}
      heading="Your quote is ready"
      action="Review and accept"
    >
      <Paragraph>
        Hello {quote.buyer.name}, we can supply {units(quote.quantity)} × {quote.product.name} at{' '}
        <strong>{price}</strong> a unit
        {answer ? (
          <>
            , <strong>{formatMoney(answer.totalCents)}</strong> in all. The offer holds until the
            end of {formatDay(answer.validUntil)} (UTC).
          </>
        ) : null}{' '}
        Accept it on the quotes page to place the order, then pay it as any order.
      </Paragraph>
    </BuyerQuoteMail>
  );
}
