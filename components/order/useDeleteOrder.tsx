'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useMessageDialog } from '@/components/ui/Dialog';
import { useConfirm } from '@/components/ui/useConfirm';
import { callApi } from '@/lib/client/api';
import { messages } from '@/lib/messages';

/**
 * Deleting orders of a table after a confirmation: `onDelete(id)` asks, calls
 * DELETE /api/order/{id} and tells the person the outcome. Deleted rows leave `orders` at once;
 * the refreshed list from the server follows.
 */
export function useDeleteOrder<T extends { _id: string }>({
  orders: all,
  confirmTitle,
  cancelledText,
}: {
  orders: T[];
  confirmTitle: string;
  /** Shown when the person cancels; nothing is shown without it. */
  cancelledText?: string;
}) {
  const router = useRouter();
  const { confirm, dialog: confirmDialog } = useConfirm();
  const { dialog: messageDialog, show } = useMessageDialog();
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const orders = all.filter((order) => !removed.has(order._id));

  async function onDelete(id: string): Promise<void> {
    if (!(await confirm({ title: confirmTitle }))) {
      if (cancelledText) show({ title: cancelledText, icon: 'info' });
      return;
    }
    setPendingId(id);
    const result = await callApi(`/api/order/${encodeURIComponent(id)}`, { method: 'DELETE' });
    setPendingId(null);
    if (!result.ok) {
      show({ title: messages.errorTitle, text: result.message, icon: 'error' });
      router.refresh();
      return;
    }
    show({ title: messages.order.deleted, icon: 'success' });
    setRemoved((current) => new Set(current).add(id));
    router.refresh();
  }

  return {
    orders,
    onDelete,
    pendingId,
    dialogs: (
      <>
        {confirmDialog}
        {messageDialog}
      </>
    ),
  };
}
