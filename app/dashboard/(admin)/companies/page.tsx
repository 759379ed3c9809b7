import type { Metadata } from 'next';
import Link from 'next/link';
import { Pagination } from '@/components/catalogue/Pagination';
import { CompanySearchForm } from '@/components/companies/admin/CompanySearchForm';
import { DashboardSection } from '@/components/dashboard/DashboardSection';
import { QueryRefused } from '@/components/dashboard/QueryRefused';
import { RowHeader, Table, Td } from '@/components/ui/Table';
import { requirePageAdmin } from '@/lib/accounts';
import { adminCompanyPage, adminCompanyQuerySchema } from '@/lib/companies';
import { companyWording as words } from '@/lib/core/b2b-wording/company';
import { formatShortDay } from '@/lib/core/dates';
import { openOrderCountsByCompany } from '@/lib/orders';

export const metadata: Metadata = { title: words.admin.list.title };

const PATH = '/dashboard/companies';

type Param = string | string[] | undefined;
type Props = { searchParams: Promise<Record<string, Param>> };

const first = (value: Param) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;

/** The URL of a list page with the search kept (page 1 and an empty search left out). */
function hrefOf(q: string | undefined, page: number): string {
  const search = new URLSearchParams();
  if (q) search.set('q', q);
  if (page > 1) search.set('page', String(page));
  const text = search.toString();
  return text ? `${PATH}?${text}` : PATH;
}

/**
 * Companies (admins): every company by name, searched by name, each with its members and open
 * orders (unpaid, awaiting approval, paid or processing); a name opens the company's page.
 */
export default async function CompaniesPage({ searchParams }: Props) {
  await requirePageAdmin(PATH);
  const params = await searchParams;
  const q = first(params.q);
  const parsed = adminCompanyQuerySchema.safeParse({ q: params.q, page: params.page });
  const result = parsed.success ? await adminCompanyPage(parsed.data) : null;
  const open = result ? await openOrderCountsByCompany(result.companyIds) : new Map();

  return (
    <DashboardSection id="companies-title" title={words.admin.list.title}>
      <CompanySearchForm action={PATH} q={q} />
      {result ? (
        <>
          <p className="mt-6 mb-4 text-sm text-slate-600" data-testid="result-count" role="status">
            {words.admin.list.count({ total: result.total, q })}
          </p>
          {result.items.length > 0 ? (
            <Table columns={Object.values(words.admin.list.columns)} headings="plain">
              {result.items.map((company) => (
                <tr key={company._id}>
                  <RowHeader>
                    <Link
                      href={`${PATH}/${company._id}`}
                      className="text-brand-700 underline-offset-2 hover:underline"
                    >
                      {company.name}
                    </Link>
                    {company.taxId ? (
                      <span className="block text-xs font-normal text-slate-600">
                        {words.admin.list.taxId(company.taxId)}
                      </span>
                    ) : null}
                  </RowHeader>
                  <Td>{company.memberCount}</Td>
                  <Td>{open.get(company._id) ?? 0}</Td>
                  <Td className="whitespace-nowrap">{formatShortDay(company.createdAt)}</Td>
                </tr>
              ))}
            </Table>
          ) : null}
          <Pagination
            page={result.page}
            pages={result.pages}
            hrefFor={(page) => hrefOf(q, page)}
            label={words.admin.list.pagesLabel}
          />
        </>
      ) : (
        <QueryRefused
          messages={parsed.error?.issues.map((issue) => issue.message) ?? []}
          resetHref={PATH}
          resetLabel={words.admin.list.showAll}
        />
      )}
    </DashboardSection>
  );
}
