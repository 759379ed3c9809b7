import { handle } from '@/lib/api/handle';
import { removeShippingAddressOp, updateShippingAddressOp } from '@/lib/companies/api';
import { removeShippingAddress, updateShippingAddress } from '@/lib/companies';

/**
 * PATCH /api/companies/me/addresses/{addressId}: changes a shipping address (the default
 * among them); DELETE: removes it. 204.
 */
export const PATCH = handle(updateShippingAddressOp, ({ user, params, body }) =>
  updateShippingAddress(user, params.addressId, body),
);
export const DELETE = handle(removeShippingAddressOp, async ({ user, params }) => {
  await removeShippingAddress(user, params.addressId);
  return new Response(null, { status: 204 });
});
