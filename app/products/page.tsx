import type { Metadata } from 'next';
import Link from 'next/link';
import { CatalogueSearchForm } from '@/components/catalogue/CatalogueSearchForm';
import { Pagination } from '@/components/catalogue/Pagination';
import {
  catalogueHref,
  readCatalogueParams,
  resultSummary,
  type SearchParams,
} from '@/components/catalogue/query';
import { productCardView } from '@/components/home/card-view';
import { ProductGrid } from '@/components/home/ProductGrid';
import { productListLd } from '@/app/_home/structured-data';
import { JsonLd } from '@/components/layout/JsonLd';
import { categoryName } from '@/lib/catalogue';
import { searchCatalogue, type CatalogueQuery } from '@/lib/catalogue';
import { pageMetadata, storeName } from '@/lib/core/site';

/** Products per page unless the URL asks for another `limit` (1 to 100). */
const PAGE_SIZE = 24;

type Props = { searchParams: Promise<SearchParams> };

/**
 * Each category page and each page number has its own title and canonical URL; a search or a
 * sort order is a view of those, so it points at the page it was made from, and search
 * results are kept out of search engines' indexes.
 */
export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const params = readCatalogueParams(await searchParams);
  const query = params.ok ? params.query : {};
  const category = categoryName(query.category);
  const page = query.page && query.page > 1 ? query.page : undefined;
  const title = [
    query.q ? `Search results for “${query.q}”` : (category ?? 'Products'),
    page ? `page ${page}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  const description = category
    ? `${category} made in our own plant: browse ${storeName}'s ${category.toLowerCase()} by part number, with prices and minimum order quantities for bulk orders.`
    : `The whole ${storeName} catalogue: search gears, bearings, fasteners, hydraulics, valves and fittings by name or part number, with prices for bulk orders.`;
  const metadata = pageMetadata({
    title,
    description,
    path: catalogueHref('/products', { category: query.category, page }),
  });
  return query.q || !params.ok ? { ...metadata, robots: { index: false, follow: true } } : metadata;
}

export default async function ProductsPage({ searchParams }: Props) {
  const params = readCatalogueParams(await searchParams);
  const category = params.ok ? categoryName(params.query.category) : null;
  const heading = category ?? 'Products';

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">{heading}</h1>
      <p className="mt-2 text-slate-600">
        {category
          ? `${category} from our own plant, sold in bulk at factory prices.`
          : 'Every part we make, sold in bulk at factory prices. Search by name or part number.'}
      </p>
      <div className="mt-6">
        <CatalogueSearchForm action="/products" values={params.values} />
      </div>
      {params.ok ? (
        <Results query={params.query} category={category} />
      ) : (
        <div role="alert" className="mt-8 rounded-xl border border-amber-300 bg-amber-50 p-5">
          <h2 className="font-semibold text-slate-900">This search cannot be shown</h2>
          <ul className="mt-2 list-disc pl-5 text-sm text-slate-700">
            {params.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
          <Link href="/products" className="btn-secondary mt-4">
            Show all products
          </Link>
        </div>
      )}
    </div>
  );
}

async function Results({ query, category }: { query: CatalogueQuery; category: string | null }) {
  const result = await searchCatalogue({ ...query, limit: query.limit ?? PAGE_SIZE });
  const { items, total, page, limit, pages } = result;
  const hrefFor = (n: number) =>
    catalogueHref('/products', { ...query, limit: query.limit, page: n });
  const first = (page - 1) * limit + 1;

  return (
    <section aria-labelledby="results-title" className="mt-8">
      <h2 id="results-title" className="sr-only">
        Results
      </h2>
      <p className="text-sm text-slate-600" data-testid="result-count">
        {resultSummary(result)}
      </p>
      {items.length > 0 ? (
        <>
          <JsonLd
            data={productListLd(items, {
              name: category ?? 'Products',
              offset: first - 1,
            })}
          />
          <ProductGrid
            cards={items.map(productCardView)}
            headingLevel={3}
            className="mt-4"
            firstAboveFold
          />
        </>
      ) : (
        <div className="mt-6 rounded-xl border border-slate-200 p-8 text-center">
          <p className="text-lg font-medium text-slate-900">
            {total === 0
              ? query.q
                ? `Nothing matches “${query.q}”${category ? ` in ${category}` : ''}.`
                : `No products are listed${category ? ` in ${category}` : ''} yet.`
              : 'There are no products on this page.'}
          </p>
          <p className="mt-2 text-slate-600">
            {total === 0
              ? 'Check the part number, try fewer words, or look in all categories.'
              : 'Go back to the first page of the results.'}
          </p>
          <Link href={total === 0 ? '/products' : hrefFor(1)} className="btn-secondary mt-4">
            {total === 0 ? 'Show all products' : 'First page'}
          </Link>
        </div>
      )}
      <Pagination page={page} pages={pages} hrefFor={hrefFor} label="Result pages" />
    </section>
  );
}
