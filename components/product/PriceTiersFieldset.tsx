'use client';

import {
  useFieldArray,
  type Control,
  type FieldErrors,
  type FieldValues,
  type UseFormRegister,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { Field } from '@/components/ui/Field';
import { MAX_PRICE_TIERS } from '@/lib/core/validation/limits';

/** The values of a form with a price list: Add Product, or a product's list on Manage Products. */
export interface PriceTiersValues {
  priceTiers?: { minQuantity: number; price: number }[];
}

/** The field names of a price list's rows, for the server's field messages (`applyFieldErrors`). */
export function priceTierFieldNames(rows: readonly unknown[] = []) {
  return rows.flatMap(
    (_row, index) => [`priceTiers.${index}.minQuantity`, `priceTiers.${index}.price`] as const,
  );
}

interface Props<T extends FieldValues & PriceTiersValues, TOut> {
  control: Control<T, unknown, TOut>;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** The base row a new price list starts with: the minimum order quantity and the price. */
  baseRow: () => { minQuantity: number; price: number };
  /** Starts the inputs' ids, unique on the page (several lists on Manage Products). */
  idPrefix?: string;
  /** The product's carton size: above 1, the hint says that each tier starts at whole cartons. */
  multiple?: number;
  className?: string;
}

/**
 * A volume price list (optional): rows of "from quantity" and "unit price", each with its own
 * messages (a start that is not a whole number of cartons among them), added and removed with
 * buttons. Starting a list fills in its first row from the
 * minimum order quantity and the price (the rule: the first tier restates the base price) and
 * adds an empty row for the first break. Used by Add Product and by Manage Products.
 */
export function PriceTiersFieldset<T extends FieldValues & PriceTiersValues, TOut>(
  props: Props<T, TOut>,
) {
  const { baseRow, idPrefix = 'product', multiple, className } = props;
  const cartons =
    typeof multiple === 'number' && Number.isSafeInteger(multiple) && multiple > 1
      ? multiple.toLocaleString('en-US')
      : null;
  // The fields this component reads are those of PriceTiersValues, whatever else the form has.
  const control = props.control as unknown as Control<PriceTiersValues>;
  const register = props.register as unknown as UseFormRegister<PriceTiersValues>;
  const errors = props.errors as FieldErrors<PriceTiersValues>;
  const { fields, append, remove } = useFieldArray({ control, name: 'priceTiers' });
  const hintId = `${idPrefix}-price-tiers-hint`;
  const listError = errors.priceTiers?.root?.message ?? errors.priceTiers?.message;
  const empty = { minQuantity: Number.NaN, price: Number.NaN };

  const add = () => {
    if (fields.length === 0) {
      append([baseRow(), empty], { focusName: 'priceTiers.1.minQuantity' });
    } else {
      append(empty, { focusName: `priceTiers.${fields.length}.minQuantity` });
    }
  };

  return (
    // A container: its rows lay out by the room the list has (a form's width, or a card's).
    <fieldset className={`@container min-w-0 ${className ?? ''}`} aria-describedby={hintId}>
      <legend className="field-label">
        Volume price tiers <span className="font-normal text-slate-500">(optional)</span>
      </legend>
      <p id={hintId} className="text-xs text-slate-500">
        Tier 1 is the minimum order quantity at the base price. Each next tier starts at a larger
        quantity with a lower unit price; an order pays the price of the last tier it reaches (at
        most {MAX_PRICE_TIERS} tiers).
        {cartons
          ? ` Each tier starts at a whole number of cartons (multiples of ${cartons}).`
          : null}
      </p>
      {fields.length > 0 ? (
        <ol className="mt-3 space-y-3">
          {fields.map((field, index) => {
            const rowErrors = errors.priceTiers?.[index];
            const tier = `Tier ${index + 1}`;
            return (
              <li
                key={field.id}
                className="grid grid-cols-2 items-start gap-x-3 gap-y-2 rounded-lg border border-slate-200 p-3 @md:grid-cols-[4rem_1fr_1fr_auto]"
              >
                <span className="col-span-2 text-sm font-semibold text-slate-700 @md:col-span-1 @md:pt-8">
                  {tier}
                </span>
                <TierNumberField
                  id={`${idPrefix}-tier-${index}-quantity`}
                  tier={tier}
                  label="From quantity"
                  error={rowErrors?.minQuantity?.message}
                  inputMode="numeric"
                  step={1}
                  registration={register(`priceTiers.${index}.minQuantity`, {
                    valueAsNumber: true,
                  })}
                />
                <TierNumberField
                  id={`${idPrefix}-tier-${index}-price`}
                  tier={tier}
                  label="Unit price ($)"
                  error={rowErrors?.price?.message}
                  inputMode="decimal"
                  step={0.01}
                  registration={register(`priceTiers.${index}.price`, { valueAsNumber: true })}
                />
                <button
                  type="button"
                  className="btn-secondary col-span-2 px-3 @md:col-span-1 @md:mt-6"
                  onClick={() => remove(index)}
                  aria-label={`Remove tier ${index + 1}`}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ol>
      ) : null}
      {listError ? (
        <p className="field-error" role="alert">
          {listError}
        </p>
      ) : null}
      <button
        type="button"
        className="btn-secondary mt-3"
        onClick={add}
        disabled={fields.length >= MAX_PRICE_TIERS}
      >
        {fields.length === 0 ? 'Add price tiers' : 'Add a tier'}
      </button>
    </fieldset>
  );
}

/**
 * One number of a tier's row: its visible label, read out with the tier's name ("Tier 2 From
 * quantity"); the smallest value is one step.
 */
function TierNumberField({
  id,
  tier,
  label,
  error,
  inputMode,
  step,
  registration,
}: {
  id: string;
  tier: string;
  label: string;
  error: string | undefined;
  inputMode: 'numeric' | 'decimal';
  step: number;
  registration: UseFormRegisterReturn;
}) {
  return (
    <Field
      id={id}
      label={
        <>
          <span className="sr-only">{tier} </span>
          {label}
        </>
      }
      error={error}
    >
      <input
        type="number"
        inputMode={inputMode}
        min={step}
        step={step}
        required
        {...registration}
      />
    </Field>
  );
}
