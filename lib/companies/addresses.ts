import 'server-only';
import { ObjectId } from 'mongodb';
import type { Id } from '@/lib/core/ids';
import { refuse, refuseField } from '@/lib/core/refusal';
import { requireCompanyAction, type Person } from './membership';
import { MAX_SHIPPING_ADDRESSES, type ShippingAddress } from './shared';
import {
  appendAddress,
  changeAddresses,
  type AddressChange,
  type ShippingAddressDoc,
} from './store';
import type { ShippingAddressInput, UpdateShippingAddressInput } from './validation/addresses';
import { addressView } from './views';

/**
 * The shipping addresses of the caller's company (`manageAddresses`), offered at checkout: at
 * most 20; whenever there is one, exactly one is the default (the first added is; making
 * another the default moves it; removing the default makes the first remaining one default).
 * Each change is decided on the list as stored and written only over that list (store.ts).
 */

const DEFAULT_NEEDED = 'One address stays the default: make another address the default instead';

/** The list with `id` the one default. */
const withDefault = (list: ShippingAddressDoc[], id: ObjectId) =>
  list.map((item) => ({ ...item, default: item._id.equals(id) }));

/** Answers a change's result, or its refusal. */
async function applied<R>(
  person: Person | { companyId: ObjectId },
  change: (list: ShippingAddressDoc[]) => AddressChange<R>,
): Promise<R> {
  const companyId =
    'companyId' in person
      ? person.companyId
      : (await requireCompanyAction(person, 'manageAddresses')).company._id;
  const outcome = await changeAddresses(companyId, change);
  if (outcome.ok) return outcome.result;
  switch (outcome.reason) {
    case 'no_company':
      throw refuse('company.none');
    case 'not_found':
      throw refuse('company.address_not_found');
    case 'too_many':
      throw refuse('company.too_many_addresses', { params: { max: MAX_SHIPPING_ADDRESSES } });
    case 'default_needed':
      throw refuseField('default', DEFAULT_NEEDED);
  }
}

/** `POST /api/companies/me/addresses`: a new address (the default if asked, or the first). */
export async function addShippingAddress(
  person: Person,
  input: ShippingAddressInput,
): Promise<ShippingAddress> {
  const { company } = await requireCompanyAction(person, 'manageAddresses');
  const added: ShippingAddressDoc = {
    _id: new ObjectId(),
    label: input.label,
    address: input.address,
    phone: input.phone,
    default: false,
  };
  // One more address besides the default: one update. The first, a new default, or one too
  // many: decided on the list as it is.
  if (input.default !== true) {
    if (await appendAddress(company._id, added, MAX_SHIPPING_ADDRESSES)) return addressView(added);
  }
  return applied({ companyId: company._id }, (list) => {
    if (list.length >= MAX_SHIPPING_ADDRESSES) return { ok: false, reason: 'too_many' };
    const next = [...list, added];
    const makeDefault = input.default === true || list.length === 0;
    const result = makeDefault ? withDefault(next, added._id) : next;
    return { ok: true, list: result, result: addressView(result.at(-1)!) };
  });
}

/**
 * `PATCH /api/companies/me/addresses/{addressId}`: any of its fields; `default: true` makes it
 * the default. `default: false` on the default is refused (another must be made the default).
 */
export function updateShippingAddress(
  person: Person,
  addressId: Id,
  input: UpdateShippingAddressInput,
): Promise<ShippingAddress> {
  const id = new ObjectId(addressId);
  return applied(person, (list) => {
    const current = list.find((item) => item._id.equals(id));
    if (!current) return { ok: false, reason: 'not_found' };
    if (input.default === false && current.default) return { ok: false, reason: 'default_needed' };
    const changed: ShippingAddressDoc = {
      ...current,
      ...(input.label !== undefined ? { label: input.label } : {}),
      ...(input.address !== undefined ? { address: input.address } : {}),
      ...(input.phone !== undefined ? { phone: input.phone } : {}),
    };
    const next = list.map((item) => (item._id.equals(id) ? changed : item));
    const result = input.default === true ? withDefault(next, id) : next;
    return {
      ok: true,
      list: result,
      result: addressView(result.find((item) => item._id.equals(id))!),
    };
  });
}

/**
 * `DELETE /api/companies/me/addresses/{addressId}`: removes it; when it was the default, the
 * first remaining address becomes the default.
 */
export async function removeShippingAddress(person: Person, addressId: Id): Promise<void> {
  const id = new ObjectId(addressId);
  await applied(person, (list) => {
    if (!list.some((item) => item._id.equals(id))) return { ok: false, reason: 'not_found' };
    const rest = list.filter((item) => !item._id.equals(id));
    const result =
      rest.length && !rest.some((item) => item.default) ? withDefault(rest, rest[0]!._id) : rest;
    return { ok: true, list: result, result: undefined };
  });
}
