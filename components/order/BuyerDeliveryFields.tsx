import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/ui/Field';
import type { ApiResult } from '@/lib/client/api';
import { DeliveryFields } from './DeliveryFields';

type DeliveryField = 'address' | 'phone' | 'poNumber';

const DELIVERY_FIELDS: readonly DeliveryField[] = ['address', 'phone', 'poNumber'];

/**
 * The delivery part of a form that places one order for the signed-in buyer (quick order, the
 * order list's checkout): the buyer's name and email, read-only, over the delivery fields
 * (DeliveryFields: address, phone, optional PO number). Ids are `{idPrefix}-name`,
 * `{idPrefix}-email`, `{idPrefix}-address` and so on.
 */
export function BuyerDeliveryFields({
  idPrefix,
  user,
  register,
  errors,
}: {
  idPrefix: string;
  user: { name: string; email: string };
  /** The form's `register` (react-hook-form), for a form that has the three delivery fields. */
  register: (name: DeliveryField) => UseFormRegisterReturn;
  /** The form's `formState.errors`. */
  errors: Partial<Record<DeliveryField, { message?: string }>>;
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${idPrefix}-name`} label="Name">
          <input type="text" readOnly value={user.name} className="bg-slate-50" />
        </Field>
        <Field id={`${idPrefix}-email`} label="Email">
          <input type="email" readOnly value={user.email} className="bg-slate-50" />
        </Field>
      </div>
      <DeliveryFields idPrefix={idPrefix} register={register} errors={errors} />
    </>
  );
}

/** The delivery fields of the request that places the order: an empty PO number is none. */
export function deliveryBody(values: {
  address: string;
  phone: string;
  poNumber?: string | null;
}): { address: string; phone: string; poNumber?: string } {
  return {
    address: values.address,
    phone: values.phone,
    ...(values.poNumber ? { poNumber: values.poNumber } : {}),
  };
}

/**
 * Shows a refused order's field errors under the delivery fields (the first message of each);
 * true when any was shown, so that the form's overall message is left out.
 */
export function showDeliveryErrors(
  answer: ApiResult<unknown>,
  setError: (field: DeliveryField, error: { message: string }) => void,
): boolean {
  if (answer.ok) return false;
  let shown = false;
  for (const field of DELIVERY_FIELDS) {
    const message = answer.fields?.[field]?.[0];
    if (message) {
      setError(field, { message });
      shown = true;
    }
  }
  return shown;
}
