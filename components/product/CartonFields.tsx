'use client';

import { cloneElement, type InputHTMLAttributes, type ReactElement } from 'react';
import type { FieldErrors, FieldValues, UseFormRegister } from 'react-hook-form';

/** The values of a form with a product's carton size and maximum per order. */
export interface CartonValues {
  orderMultiple?: number;
  maxOrderQuantity?: number | null;
}

/** An empty "Maximum per order" is no maximum (null); anything else is read as a number. */
export function maximumFromInput(value: unknown): number | null {
  return value === '' || value === null || value === undefined ? null : Number(value);
}

interface Props<T extends FieldValues & CartonValues> {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** Starts the inputs' ids, unique on the page (a form per product on Manage Products). */
  idPrefix: string;
  /** Classes of each field's wrapper. */
  className?: string;
}

/**
 * A product's carton size ("Carton size (units)", 1 when sold one by one) and maximum per order
 * ("Maximum per order", empty for none): Add Product and Manage Products. Each input is
 * described by its hint and, while there is one, by its message.
 */
export function CartonFields<T extends FieldValues & CartonValues>(props: Props<T>) {
  const { idPrefix, className } = props;
  // The fields this component reads are those of CartonValues, whatever else the form has.
  const register = props.register as unknown as UseFormRegister<CartonValues>;
  const errors = props.errors as FieldErrors<CartonValues>;
  return (
    <>
      <NumberField
        id={`${idPrefix}-orderMultiple`}
        label="Carton size (units)"
        hint="Every order is a whole number of cartons"
        error={errors.orderMultiple?.message}
        className={className}
      >
        <input
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          required
          {...register('orderMultiple', { valueAsNumber: true })}
        />
      </NumberField>
      <NumberField
        id={`${idPrefix}-maxOrderQuantity`}
        label="Maximum per order"
        hint="Optional: leave empty for no maximum"
        error={errors.maxOrderQuantity?.message}
        className={className}
      >
        <input
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          {...register('maxOrderQuantity', { setValueAs: maximumFromInput })}
        />
      </NumberField>
    </>
  );
}

/** A labelled number input described by its hint and its message (`${id}-hint`, `${id}-error`). */
function NumberField({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  hint: string;
  error: string | undefined;
  className?: string;
  children: ReactElement<InputHTMLAttributes<HTMLInputElement>>;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {cloneElement(children, {
        id,
        className: 'field-input',
        'aria-invalid': !!error,
        'aria-describedby': error ? `${hintId} ${errorId}` : hintId,
      })}
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {hint}
      </p>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
