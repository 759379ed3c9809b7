import { z } from 'zod';
import { categorySlugs, type CategorySlug } from '@/lib/catalogue/categories';
import { fieldMessages } from '@/lib/core/messages';
import {
  MAX_PAGE_LIMIT,
  MAX_PAGE_NUMBER,
  urlParam,
  wholeParam,
} from '@/lib/core/validation/pagination';

export type CatalogueSort = 'newest' | 'price-asc' | 'price-desc' | 'name';

/** A catalogue query, as catalogueQuerySchema (below) parses it from a URL, for searchCatalogue. */
export interface CatalogueQuery {
  q?: string;
  category?: CategorySlug;
  sort?: CatalogueSort;
  page?: number;
  limit?: number;
}

// The catalogue's query: URL search parameters of GET /api/product and of the /products and
// Manage Products pages, parsed into a CatalogueQuery for searchCatalogue (lib/catalogue/search.ts).

export const DEFAULT_CATALOGUE_LIMIT = 50;
export const MAX_CATALOGUE_LIMIT = MAX_PAGE_LIMIT;
export const MAX_CATALOGUE_PAGE = MAX_PAGE_NUMBER;
export const MAX_SEARCH_LENGTH = 100;

/** Every sort order of the catalogue, the first being the default. */
export const catalogueSorts = [
  'newest',
  'price-asc',
  'price-desc',
  'name',
] as const satisfies readonly CatalogueSort[];

const c = fieldMessages.catalogue;

/**
 * URL search parameters (strings, as `Object.fromEntries(url.searchParams)` or a page's
 * `searchParams` give them) to a CatalogueQuery. Unknown parameters are ignored; a bad value
 * fails with the parameter's message (the API answers 400). Defaults (page 1, limit 50,
 * newest first or by relevance when searching) are applied by searchCatalogue, so the parsed
 * query holds only what the URL says.
 */
export const catalogueQuerySchema = z.object({
  q: z.preprocess(urlParam, z.string().max(MAX_SEARCH_LENGTH, c.searchTooLong).optional()),
  category: z.preprocess(urlParam, z.enum(categorySlugs, { error: c.unknownCategory }).optional()),
  sort: z.preprocess(urlParam, z.enum(catalogueSorts, { error: c.unknownSort }).optional()),
  page: wholeParam(MAX_CATALOGUE_PAGE, c.pageInvalid),
  limit: wholeParam(MAX_CATALOGUE_LIMIT, c.limitInvalid),
});

/** The parsed query: what searchCatalogue takes (the API hands it over as it is). */
export type CatalogueQueryParams = z.output<typeof catalogueQuerySchema> & CatalogueQuery;
