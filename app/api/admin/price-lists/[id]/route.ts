import { handle } from '@/lib/api/handle';
import { adminPriceList, changePriceList, removePriceList } from '@/lib/pricing';
import { deletePriceListOp, getPriceListOp, updatePriceListOp } from '@/lib/pricing/api';

/** GET /api/admin/price-lists/{id} (admins): the list with a page of its entries. */
export const GET = handle(getPriceListOp, ({ params, query }) => adminPriceList(params.id, query));

/** PATCH /api/admin/price-lists/{id} (admins): name, dates, percentage off. */
export const PATCH = handle(updatePriceListOp, ({ user, params, body }) =>
  changePriceList(user, params.id, body),
);

/** DELETE /api/admin/price-lists/{id} (admins): the list, its entries and its assignments. */
export const DELETE = handle(deletePriceListOp, ({ params }) => removePriceList(params.id));
