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
import { ManageProducts } from '@/components/product/ManageProducts';
import { requirePageAdmin } from '@/lib/accounts';
import { searchCatalogue } from '@/lib/catalogue';
import { DashboardSection } from '@/components/dashboard/DashboardSection';

export const metadata: Metadata = { title: 'Manage Products' };

const PATH = '/dashboard/manageproduct';

/** Products per page unless the URL asks for another `limit` (1 to 100). */
const PAGE_SIZE = 24;

type Props = { searchParams: Promise<SearchParams> };

/** Manage Products: the catalogue searched and paged like /products, each with Delete. */
export default async function ManageProductsPage({ searchParams }: Props) {
  await requirePageAdmin(PATH);
  const params = readCatalogueParams(await searchParams);
  const result = params.ok
    ? await searchCatalogue({ ...params.query, limit: params.query.limit ?? PAGE_SIZE })
    : null;
  const query = params.ok ? params.query : {};
  const hrefFor = (page: number) => catalogueHref(PATH, { ...query, page });

  return (
    <DashboardSection id="manage-products-title" title="Manage Products" gap="mb-6">
      <CatalogueSearchForm
        action={PATH}
        values={params.values}
        idPrefix="manage"
        label="Search products"
      />
      {result ? (
        <>
          <p className="mt-6 mb-4 text-sm text-slate-600" data-testid="result-count">
            {resultSummary(result)}
          </p>
          <ManageProducts products={result.items} />
          <Pagination
            page={result.page}
            pages={result.pages}
            hrefFor={hrefFor}
            label="Result pages"
          />
        </>
      ) : (
        <div role="alert" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-5">
          <ul className="list-disc pl-5 text-sm text-slate-700">
            {!params.ok && params.problems.map((problem) => <li key={problem}>{problem}</li>)}
          </ul>
          <Link href={PATH} className="btn-secondary mt-4">
            Show all products
          </Link>
        </div>
      )}
    </DashboardSection>
  );
}
