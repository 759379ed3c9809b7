import { handle } from '@/lib/api/handle';
import { addShippingAddressOp } from '@/lib/companies/api';
import { addShippingAddress } from '@/lib/companies';

/** POST /api/companies/me/addresses: a new shipping address of the caller's company. */
export const POST = handle(addShippingAddressOp, ({ user, body }) =>
  addShippingAddress(user, body),
);
