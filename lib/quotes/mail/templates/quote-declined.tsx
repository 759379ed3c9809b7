import { Lines, Paragraph, Subheading } from '@/lib/core/mail/parts';
import { BuyerQuoteMail } from '@/lib/quotes/mail/templates/buyer-quote-mail';
import { askedWords, type QuoteMailProps } from '@/lib/quotes/mail/templates/quote-parts';

/** To the buyer, when the store declines their quote: its reason, and what they can do now. */
export default function QuoteDeclinedMail({ quote, storeName, origin }: QuoteMailProps) {
  return (
    <BuyerQuoteMail
      quote={quote}
      storeName={storeName}
      origin={origin}
      preview={`We cannot quote ${askedWords(quote, 'your')}.`}
      heading="We cannot quote this request"
      action="Open your quotes"
    >
      <Paragraph>
        Hello {quote.buyer.name}, we are sorry: we cannot offer {askedWords(quote, 'your')} as
        requested ({quote.reference}). Our reason is below. You may still order them from the
        catalogue at its prices, or ask again for another quantity or date.
      </Paragraph>
      <Subheading>Reason</Subheading>
      <Lines text={quote.declineReason ?? ''} />
    </BuyerQuoteMail>
  );
}
