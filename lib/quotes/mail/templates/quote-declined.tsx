import {
  ActionButton,
  absoluteLink,
  Lines,
  MailLayout,
  Paragraph,
  Rule,
  Subheading,
  units,
} from '@/lib/core/mail/parts';
import {
  QuoteQuestions,
  QuoteSummary,
  quotesPath,
  type QuoteMailProps,
} from '@/lib/quotes/mail/templates/quote-parts';

/** To the buyer, when the store declines their quote, with its reason. */
export default function QuoteDeclinedMail({ quote, storeName, origin }: QuoteMailProps) {
  return (
    <MailLayout
      storeName={storeName}
      origin={origin}
      preview={`We cannot quote ${units(quote.quantity)} × ${quote.product.name}.`}
      heading="We cannot quote this request"
    >
      <Paragraph>
        Hello {quote.buyer.name}, we are sorry: we cannot offer {units(quote.quantity)} ×{' '}
        {quote.product.name} as requested ({quote.reference}).
      </Paragraph>
      <Subheading>Reason</Subheading>
      <Lines text={quote.declineReason ?? ''} />
      <ActionButton href={absoluteLink(origin, quotesPath)}>Open your quotes</ActionButton>
      <QuoteSummary quote={quote} />
      <Rule />
      <QuoteQuestions quote={quote} origin={origin} />
    </MailLayout>
  );
}
