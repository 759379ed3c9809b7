import { handle } from '@/lib/api/handle';
import { removeEntry, setEntry } from '@/lib/pricing';
import { deletePriceListEntryOp, setPriceListEntryOp } from '@/lib/pricing/api';

/** PUT /api/admin/price-lists/{id}/entries/{productId} (admins): one product's entry. */
export const PUT = handle(setPriceListEntryOp, ({ params, body }) =>
  setEntry(params.id, params.productId, body),
);

/** DELETE /api/admin/price-lists/{id}/entries/{productId} (admins): removes the entry. */
export const DELETE = handle(deletePriceListEntryOp, ({ params }) =>
  removeEntry(params.id, params.productId),
);
