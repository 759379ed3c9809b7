import type { Metadata } from 'next';
import Link from 'next/link';
import { Pagination } from '@/components/catalogue/Pagination';
import { DashboardSection } from '@/components/dashboard/DashboardSection';
import { QueryRefused } from '@/components/dashboard/QueryRefused';
import { PriceListForm } from '@/components/pricing/PriceListForm';
import { Panel } from '@/components/ui/Panel';
import { RowHeader, Table, Td } from '@/components/ui/Table';
import { requirePageAdmin } from '@/lib/accounts';
import { billingWording } from '@/lib/core/b2b-wording/billing';
import { formatDay } from '@/lib/core/dates';
import { adminPriceLists } from '@/lib/pricing';
import { priceListQuerySchema } from '@/lib/pricing/schemas';

const words = billingWording.priceLists;

export const metadata: Metadata = { title: words.title };

const PATH = '/dashboard/price-lists';

type Param = string | string[] | undefined;
type Props = { searchParams: Promise<Record<string, Param>> };

const validity = (from: string | null, to: string | null) =>
  words.validity({ from: from && formatDay(from), to: to && formatDay(to) });

/** Price lists (admins): every list, newest first, and the form that creates one. */
export default async function PriceListsPage({ searchParams }: Props) {
  await requirePageAdmin(PATH);
  const params = await searchParams;
  const parsed = priceListQuerySchema.safeParse({ page: params.page });
  const result = parsed.success ? await adminPriceLists(parsed.data) : null;

  return (
    <DashboardSection id="price-lists-title" title={words.title}>
      {result ? (
        <>
          <p className="mb-4 text-sm text-slate-600" role="status">
            {result.total === 0 ? words.none : words.count(result.total)}
          </p>
          {result.items.length > 0 ? (
            <Table columns={Object.values(words.columns)} headings="plain">
              {result.items.map((list) => (
                <tr key={list._id}>
                  <RowHeader>
                    <Link
                      href={`${PATH}/${list._id}`}
                      className="text-brand-700 underline-offset-2 hover:underline"
                    >
                      {list.name}
                    </Link>
                  </RowHeader>
                  <Td className="whitespace-nowrap">{validity(list.validFrom, list.validTo)}</Td>
                  <Td>{list.percentOff === null ? '—' : words.percentOff(list.percentOff)}</Td>
                  <Td>{list.entryCount}</Td>
                  <Td>{list.companyCount}</Td>
                </tr>
              ))}
            </Table>
          ) : null}
          <Pagination
            page={result.page}
            pages={result.pages}
            hrefFor={(page) => (page > 1 ? `${PATH}?page=${page}` : PATH)}
            label={words.pages}
          />
        </>
      ) : (
        <QueryRefused
          messages={parsed.error?.issues.map((issue) => issue.message) ?? []}
          resetHref={PATH}
          resetLabel={words.showAll}
        />
      )}
      <Panel className="mt-8" id="new-price-list-heading" title={words.newTitle}>
        <PriceListForm />
      </Panel>
    </DashboardSection>
  );
}
