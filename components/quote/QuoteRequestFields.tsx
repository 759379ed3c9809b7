import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/ui/Field';
import { quotesWording } from '@/lib/core/b2b-wording/quotes';
import { MAX_QUOTE_NOTE_LENGTH } from '@/lib/core/validation/limits';

type QuoteField = 'neededBy' | 'address' | 'phone' | 'note';

const words = quotesWording.fields;

/**
 * What every request for quote asks besides its parts: an optional needed-by day (not before
 * `earliestDay`), the delivery address, a phone and an optional note. Ids are `{idPrefix}-neededBy`,
 * `{idPrefix}-address` and so on.
 */
export function QuoteRequestFields({
  idPrefix,
  earliestDay,
  register,
  errors,
}: {
  idPrefix: string;
  /** The first day the date picker offers (`YYYY-MM-DD`). */
  earliestDay: string;
  /** The form's `register` (react-hook-form). */
  register: (name: QuoteField) => UseFormRegisterReturn;
  /** The form's `formState.errors`. */
  errors: Partial<Record<QuoteField, { message?: string }>>;
}) {
  const optional = (label: string) => (
    <>
      {label} <span className="font-normal text-slate-600">{words.optional}</span>
    </>
  );
  return (
    <>
      <Field
        id={`${idPrefix}-neededBy`}
        label={optional(words.neededBy)}
        error={errors.neededBy?.message}
      >
        <input type="date" min={earliestDay} {...register('neededBy')} />
      </Field>
      <Field id={`${idPrefix}-address`} label={words.address} error={errors.address?.message}>
        <textarea rows={3} autoComplete="street-address" required {...register('address')} />
      </Field>
      <Field id={`${idPrefix}-phone`} label={words.phone} error={errors.phone?.message}>
        <input type="tel" inputMode="numeric" autoComplete="tel" required {...register('phone')} />
      </Field>
      <Field id={`${idPrefix}-note`} label={optional(words.note)} error={errors.note?.message}>
        <textarea rows={3} maxLength={MAX_QUOTE_NOTE_LENGTH} {...register('note')} />
      </Field>
    </>
  );
}
