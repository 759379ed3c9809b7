'use client';

import { createContext, useContext, useState, useTransition, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { useMessageDialog } from '@/components/ui/Dialog';
import { useConfirm } from '@/components/ui/useConfirm';
import { callApi } from '@/lib/client/api';
import { messages } from '@/lib/core/messages';
import { CANCELLABLE_STATUSES, type OrderStatus } from '@/lib/orders/shared';

interface Deletion {
  onDelete: (id: string) => void;
  pendingId: string | null;
}

const DeletionContext = createContext<Deletion | null>(null);

/**
 * Deleting orders from a table rendered on the server. It wraps the table and holds the
 * confirmation and outcome dialogs, so they stay open while the refreshed table arrives without
 * the deleted row. A Delete button asks, calls DELETE /api/order/{id} (which cancels the order:
 * it leaves the buyer's list and the live orders, and is kept for the back office), tells the
 * person the outcome and refreshes the page's data.
 */
export function OrderDeletion({
  confirmTitle,
  cancelledText,
  children,
}: {
  confirmTitle: string;
  /** Shown when the person cancels; nothing is shown without it. */
  cancelledText?: string;
  children: ReactNode;
}) {
  const router = useRouter();
  const { confirm, dialog: confirmDialog } = useConfirm();
  const { dialog: messageDialog, show } = useMessageDialog();
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [, startRefresh] = useTransition();

  async function deleteOrder(id: string): Promise<void> {
    if (!(await confirm({ title: confirmTitle }))) {
      if (cancelledText) show({ title: cancelledText, icon: 'info' });
      return;
    }
    setPendingId(id);
    const result = await callApi(`/api/order/${encodeURIComponent(id)}`, { method: 'DELETE' });
    if (result.ok) show({ title: messages.order.deleted, icon: 'success' });
    else show({ title: messages.errorTitle, text: result.message, icon: 'error' });
    // The row's button stays disabled until the refreshed table is shown.
    startRefresh(() => {
      setPendingId(null);
      router.refresh();
    });
  }

  return (
    <DeletionContext value={{ onDelete: (id) => void deleteOrder(id), pendingId }}>
      {children}
      {confirmDialog}
      {messageDialog}
    </DeletionContext>
  );
}

/**
 * The Delete button of an order row: only an order not paid yet (unpaid, awaiting its
 * company's approval: withdrawn, or confirmed on account and not processed) can be deleted
 * (cancelled), so it is disabled for paid and cancelled orders, and while its delete runs.
 */
export function DeleteOrderButton({ orderId, status }: { orderId: string; status: OrderStatus }) {
  const deletion = useContext(DeletionContext);
  if (!deletion) throw new Error('DeleteOrderButton belongs inside an OrderDeletion.');
  const why =
    status === 'cancelled'
      ? 'This order is cancelled'
      : !(CANCELLABLE_STATUSES as readonly OrderStatus[]).includes(status)
        ? 'A paid order cannot be deleted'
        : undefined;
  return (
    <button
      type="button"
      className="btn-danger px-3 py-1"
      disabled={why !== undefined || deletion.pendingId === orderId}
      title={why}
      onClick={() => deletion.onDelete(orderId)}
    >
      Delete
    </button>
  );
}
