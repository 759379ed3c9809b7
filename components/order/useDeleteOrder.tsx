'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useMessageDialog } from '@/components/ui/Dialog';
import { useConfirm } from '@/components/ui/useConfirm';
import { callApi } from '@/lib/client/api';
import { messages } from '@/lib/messages';

/**
 * Deleting an order after a confirmation: `remove(id)` asks, calls DELETE /api/order/{id} and
 * tells the person the outcome. Resolves true when the order was deleted.
 */
export function useDeleteOrder({
  confirmTitle,
  cancelledText,
}: {
  confirmTitle: string;
  /** Shown when the person cancels; nothing is shown without it. */
  cancelledText?: string;
}) {
  const router = useRouter();
  const { confirm, dialog: confirmDialog } = useConfirm();
  const { dialog: messageDialog, show } = useMessageDialog();
  const [pendingId, setPendingId] = useState<string | null>(null);

  async function remove(id: string): Promise<boolean> {
    if (!(await confirm({ title: confirmTitle }))) {
      if (cancelledText) show({ title: cancelledText, icon: 'info' });
      return false;
    }
    setPendingId(id);
    const result = await callApi(`/api/order/${encodeURIComponent(id)}`, { method: 'DELETE' });
    setPendingId(null);
    if (!result.ok) {
      show({ title: messages.errorTitle, text: result.message, icon: 'error' });
      router.refresh();
      return false;
    }
    show({ title: messages.order.deleted, icon: 'success' });
    router.refresh();
    return true;
  }

  return {
    remove,
    pendingId,
    dialogs: (
      <>
        {confirmDialog}
        {messageDialog}
      </>
    ),
  };
}
