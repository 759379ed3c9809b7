import { catalogueQuerySchema } from '@/lib/catalogue/schemas';
import type { CatalogueQuery, CataloguePage } from '@/lib/catalogue';
import type { SearchFormValues } from './CatalogueSearchForm';

/** A page's search parameters as Next.js gives them. */
export type SearchParams = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text?.trim() ? text.trim() : undefined;
}

/**
 * A catalogue page's URL parameters: the query for searchCatalogue, or the messages of the
 * parameters that are not valid (shown to the visitor instead of results); and the values
 * as typed, for the search form.
 */
export function readCatalogueParams(
  params: SearchParams,
):
  | { ok: true; query: CatalogueQuery; values: SearchFormValues }
  | { ok: false; problems: string[]; values: SearchFormValues } {
  const values: SearchFormValues = {
    q: first(params.q),
    category: first(params.category),
    sort: first(params.sort),
    limit: first(params.limit),
  };
  const parsed = catalogueQuerySchema.safeParse(params);
  if (!parsed.success) {
    return { ok: false, problems: [...new Set(parsed.error.issues.map((i) => i.message))], values };
  }
  return { ok: true, query: parsed.data, values };
}

/**
 * The URL of a catalogue page with these parameters (empty ones and page 1 left out), so
 * every result page has one address.
 */
export function catalogueHref(
  path: string,
  query: { q?: string; category?: string; sort?: string; limit?: number | string; page?: number },
): string {
  const search = new URLSearchParams();
  if (query.q) search.set('q', query.q);
  if (query.category) search.set('category', query.category);
  if (query.sort) search.set('sort', query.sort);
  if (query.limit) search.set('limit', String(query.limit));
  if (query.page && query.page > 1) search.set('page', String(query.page));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The line above the results: how many, and which of them this page shows. */
export function resultSummary({ items, total, page, limit, pages }: CataloguePage): string {
  const noun = total === 1 ? 'product' : 'products';
  const first = (page - 1) * limit + 1;
  if (total === 0) return `No ${noun} found.`;
  if (items.length === 0) return `${total} ${noun}; page ${page} is past the last page.`;
  if (pages === 1) return `${total} ${noun}`;
  const last = first + items.length - 1;
  return `Showing ${first === last ? first : `${first}–${last}`} of ${total} ${noun}`;
}
