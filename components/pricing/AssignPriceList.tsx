'use client';

import { useEffect, useId, useState, type FormEvent } from 'react';
import { Panel } from '@/components/ui/Panel';
import { toast } from '@/components/ui/toast';
import { callApi } from '@/lib/client/api';
import type { CompanyPriceListView, Paged, PriceListView } from '@/lib/pricing/shared';

/**
 * The price list a company buys at, on the admin's company page: the lists to choose from
 * (the 100 newest) and the company's own, read from the API; saved with
 * `PATCH /api/admin/companies/{companyId}`.
 */
export function AssignPriceList({ companyId }: { companyId: string }) {
  const id = useId();
  const [lists, setLists] = useState<PriceListView[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void Promise.all([
      callApi<Paged<PriceListView>>('/api/admin/price-lists?limit=100'),
      callApi<Paged<PriceListView>>(`/api/admin/price-lists?companyId=${companyId}`),
    ]).then(([all, own]) => {
      if (!live) return;
      if (!all.ok || !own.ok)
        return setFailed(all.ok ? (own.ok ? null : own.message) : all.message);
      const current = own.data.items[0];
      const items = all.data.items;
      if (current && !items.some((item) => item._id === current._id)) items.unshift(current);
      setLists(items);
      setChosen(current?._id ?? '');
    });
    return () => {
      live = false;
    };
  }, [companyId]);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const answer = await callApi<CompanyPriceListView>(`/api/admin/companies/${companyId}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ priceListId: chosen || null }),
    });
    setBusy(false);
    if (answer.ok) {
      toast.success(
        answer.data.priceList
          ? `The company buys at “${answer.data.priceList.name}” from now on.`
          : 'The company buys at list prices from now on.',
      );
    } else toast.error(answer.message);
  }

  return (
    <Panel className="mt-6" id={`${id}-heading`} title="Price list">
      {failed ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {failed}
        </p>
      ) : lists === null ? (
        <p className="mt-2 text-sm text-slate-600" role="status">
          Loading price lists…
        </p>
      ) : (
        <form onSubmit={save} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
          <div>
            <label htmlFor={`${id}-list`} className="block text-sm font-medium text-slate-700">
              Contract prices
            </label>
            <select
              id={`${id}-list`}
              className="field-input mt-1"
              value={chosen}
              onChange={(event) => setChosen(event.target.value)}
            >
              <option value="">None (list prices)</option>
              {lists.map((list) => (
                <option key={list._id} value={list._id}>
                  {list.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save price list'}
          </button>
        </form>
      )}
    </Panel>
  );
}
