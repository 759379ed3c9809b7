import {
  ActionButton,
  absoluteLink,
  Facts,
  MailLayout,
  Paragraph,
  Subheading,
} from '@/lib/core/mail/parts';
import {
  askedWords,
  QuoteSummary,
  quotesPath,
  type QuoteMailProps,
} from '@/lib/quotes/mail/templates/quote-parts';

/** To the store (ORDERS_TO), when a buyer requests a quote: who asks what, to answer. */
export default function QuoteRequestedStoreMail({ quote, storeName, origin }: QuoteMailProps) {
  return (
    <MailLayout
      storeName={storeName}
      origin={origin}
      preview={`A price is asked for ${askedWords(quote, 'their')}.`}
      heading={`Quote requested: ${quote.reference}`}
    >
      <Paragraph>
        {quote.buyer.name} asks for a quote for {askedWords(quote, 'their')}.{' '}
        {quote.lines
          ? 'Answer it with a unit price for each line and a valid-until date, or decline it, from the quotes page.'
          : 'Answer it with a unit price and a valid-until date, or decline it, from the quotes page.'}
      </Paragraph>
      <ActionButton href={absoluteLink(origin, quotesPath)}>Open Quotes</ActionButton>
      <Subheading>Buyer</Subheading>
      <Facts
        rows={[
          ['Name', quote.buyer.name],
          ['Email', quote.buyer.email],
          ['Phone', quote.buyer.phone],
        ]}
      />
      <QuoteSummary quote={quote} origin={origin} />
    </MailLayout>
  );
}
