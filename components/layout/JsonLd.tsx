import type { Thing, WithContext } from 'schema-dts';

/**
 * Structured data for search engines: a `<script type="application/ld+json">`. Every `<` of
 * the JSON is escaped (`\u003c`), so no text in it (a product's name, say) can close the
 * script element.
 */
export function JsonLd({ data }: { data: WithContext<Thing> }) {
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }}
    />
  );
}
