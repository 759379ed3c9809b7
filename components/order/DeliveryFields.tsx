import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/ui/Field';
import { MAX_PO_NUMBER_LENGTH } from '@/lib/core/validation/limits';

type DeliveryField = 'address' | 'phone' | 'poNumber';

/**
 * Where an order goes and how its buyer matches the invoice: address, phone number and the
 * optional purchase-order number, as the order form and quick order ask for them (the same
 * fields of lib/orders/validation/order.ts). Ids are `{idPrefix}-address` and so on.
 */
export function DeliveryFields({
  idPrefix,
  register,
  errors,
}: {
  idPrefix: string;
  /** The form's `register` (react-hook-form), for a form that has the three fields. */
  register: (name: DeliveryField) => UseFormRegisterReturn;
  /** The form's `formState.errors`. */
  errors: Partial<Record<DeliveryField, { message?: string }>>;
}) {
  return (
    <>
      <Field id={`${idPrefix}-address`} label="Address" error={errors.address?.message}>
        <input type="text" autoComplete="street-address" required {...register('address')} />
      </Field>
      <Field id={`${idPrefix}-phone`} label="Phone number" error={errors.phone?.message}>
        <input type="tel" inputMode="numeric" autoComplete="tel" required {...register('phone')} />
      </Field>
      <Field
        id={`${idPrefix}-poNumber`}
        label={
          <>
            PO number <span className="font-normal text-slate-500">(optional)</span>
          </>
        }
        error={errors.poNumber?.message}
      >
        <input
          type="text"
          autoComplete="off"
          spellCheck={false}
          maxLength={MAX_PO_NUMBER_LENGTH}
          {...register('poNumber')}
        />
      </Field>
    </>
  );
}
