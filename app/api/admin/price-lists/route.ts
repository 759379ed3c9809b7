import { handle } from '@/lib/api/handle';
import { adminPriceLists, createPriceList } from '@/lib/pricing';
import { createPriceListOp, listPriceListsOp } from '@/lib/pricing/api';

/** GET /api/admin/price-lists (admins): a page of price lists, or the one a company has. */
export const GET = handle(listPriceListsOp, ({ query }) => adminPriceLists(query));

/** POST /api/admin/price-lists (admins): a new price list. */
export const POST = handle(createPriceListOp, ({ user, body }) => createPriceList(user, body));
