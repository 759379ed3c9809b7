'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useConfirm } from '@/components/ui/useConfirm';
import { callApi } from '@/lib/client/api';

/** Removes one product's entry from a list, after a confirmation. */
export function RemoveEntryButton({
  priceListId,
  productId,
  sku,
}: {
  priceListId: string;
  productId: string;
  sku: string;
}) {
  const router = useRouter();
  const { confirm, dialog } = useConfirm();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    const confirmed = await confirm({
      title: `Remove ${sku || 'this part'} from the list?`,
      text: 'The part is then priced by the list’s percentage, or at its own prices.',
      confirmLabel: 'Remove entry',
    });
    if (!confirmed) return;
    setBusy(true);
    const answer = await callApi(`/api/admin/price-lists/${priceListId}/entries/${productId}`, {
      method: 'DELETE',
    });
    setBusy(false);
    if (answer.ok) {
      toast.success(`${sku || 'The entry'} was removed.`);
      router.refresh();
    } else toast.error(answer.message);
  };
  return (
    <>
      <button
        type="button"
        className="btn-danger px-3 py-1.5"
        disabled={busy}
        aria-haspopup="dialog"
        aria-label={`Remove ${sku || 'entry'}`}
        onClick={remove}
      >
        Remove
      </button>
      {dialog}
    </>
  );
}

/** Deletes a list with its entries (its companies lose it), after a confirmation. */
export function DeletePriceListButton({
  priceListId,
  name,
}: {
  priceListId: string;
  name: string;
}) {
  const router = useRouter();
  const { confirm, dialog } = useConfirm();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    const confirmed = await confirm({
      title: `Delete the price list “${name}”?`,
      text: 'Its entries are deleted and the companies buying at it pay their usual prices from now on. Placed orders keep their prices.',
      confirmLabel: 'Delete price list',
    });
    if (!confirmed) return;
    setBusy(true);
    const answer = await callApi(`/api/admin/price-lists/${priceListId}`, { method: 'DELETE' });
    setBusy(false);
    if (answer.ok) {
      toast.success(`The price list “${name}” was deleted.`);
      router.push('/dashboard/price-lists');
    } else toast.error(answer.message);
  };
  return (
    <>
      <button
        type="button"
        className="btn-danger"
        disabled={busy}
        aria-haspopup="dialog"
        onClick={remove}
      >
        Delete price list
      </button>
      {dialog}
    </>
  );
}
