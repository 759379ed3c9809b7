import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Pagination } from '@/components/catalogue/Pagination';
import { QueryRefused } from '@/components/dashboard/QueryRefused';
import { ImportEntriesForm } from '@/components/pricing/ImportEntriesForm';
import { DeletePriceListButton, RemoveEntryButton } from '@/components/pricing/PriceListActions';
import { PriceListForm } from '@/components/pricing/PriceListForm';
import { Panel } from '@/components/ui/Panel';
import { RowHeader, Table, Td } from '@/components/ui/Table';
import { requirePageAdmin } from '@/lib/accounts';
import { billingWording } from '@/lib/core/b2b-wording/billing';
import { parseId } from '@/lib/core/ids';
import { formatMoney, toCents } from '@/lib/core/money';
import { adminPriceList, type PriceListEntryView } from '@/lib/pricing';
import { pageQuerySchema } from '@/lib/pricing/schemas';

const words = billingWording.priceList;

export const metadata: Metadata = { title: words.title };

type Param = string | string[] | undefined;
type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, Param>>;
};

const price = (entry: PriceListEntryView) =>
  entry.unitPrice !== null
    ? formatMoney(toCents(entry.unitPrice))
    : (entry.tiers ?? [])
        .map((tier) =>
          words.tier({
            minQuantity: tier.minQuantity,
            unitPrice: formatMoney(toCents(tier.unitPrice)),
          }),
        )
        .join(', ');

const PATH = '/dashboard/price-lists/[id]';

const quantity = (value: number | null) => (value === null ? '—' : value.toLocaleString('en-US'));

/**
 * One price list (admins): its name, validity and percentage (editable), its entries by part
 * number with Remove, the CSV import with its report, and Delete.
 */
export default async function PriceListPage({ params, searchParams }: Props) {
  await requirePageAdmin(PATH);
  const id = parseId((await params).id);
  if (!id) notFound();
  const path = `/dashboard/price-lists/${id}`;
  const query = await searchParams;
  const parsed = pageQuerySchema.safeParse({ page: query.page });
  let list;
  try {
    list = await adminPriceList(id, parsed.success ? parsed.data : {});
  } catch {
    notFound();
  }

  return (
    <section aria-labelledby="price-list-heading" className="max-w-5xl">
      <Link
        href="/dashboard/price-lists"
        className="text-sm text-brand-700 underline-offset-2 hover:underline"
      >
        {words.back}
      </Link>
      <h1 id="price-list-heading" className="mt-2 text-2xl font-bold text-slate-900">
        {list.name}
      </h1>
      <p className="mt-1 text-sm text-slate-600">
        {words.companies(list.companyCount)} {words.assign}
      </p>

      <Panel className="mt-6" id="price-list-details-heading" title={words.detailsTitle}>
        <PriceListForm list={list} />
      </Panel>

      <Panel className="mt-6" id="price-list-entries-heading" title={words.entriesTitle}>
        {!parsed.success ? (
          <QueryRefused
            messages={parsed.error.issues.map((issue) => issue.message)}
            resetHref={path}
            resetLabel={words.showFirstPage}
          />
        ) : list.entries.items.length > 0 ? (
          <>
            <p className="mt-2 mb-4 text-sm text-slate-600" role="status">
              {words.entryCount(list.entries.total)}
            </p>
            <Table columns={Object.values(words.columns)} headings="plain">
              {list.entries.items.map((entry) => (
                <tr key={entry.productId}>
                  <RowHeader className="font-mono">{entry.sku || entry.productId}</RowHeader>
                  <Td>{price(entry)}</Td>
                  <Td>{quantity(entry.minQuantity)}</Td>
                  <Td>{quantity(entry.multiple)}</Td>
                  <Td>{quantity(entry.maxQuantity)}</Td>
                  <Td>
                    <RemoveEntryButton
                      priceListId={list._id}
                      productId={entry.productId}
                      sku={entry.sku}
                    />
                  </Td>
                </tr>
              ))}
            </Table>
            <Pagination
              page={list.entries.page}
              pages={list.entries.pages}
              hrefFor={(page) => (page > 1 ? `${path}?page=${page}` : path)}
              label={words.entryPages}
            />
          </>
        ) : (
          <p className="mt-2 text-sm text-slate-600">{words.noEntries(list.percentOff)}</p>
        )}
      </Panel>

      <Panel className="mt-6" id="price-list-import-heading" title={words.importTitle}>
        <ImportEntriesForm priceListId={list._id} />
      </Panel>

      <Panel className="mt-6" id="price-list-delete-heading" title={words.deleteTitle}>
        <p className="mt-2 mb-4 text-sm text-slate-600">{words.deleteText}</p>
        <DeletePriceListButton priceListId={list._id} name={list.name} />
      </Panel>
    </section>
  );
}
