import { cloneElement, type HTMLAttributes, type ReactElement, type ReactNode } from 'react';

/** The props Field sets on its control; any input, textarea or select accepts them. */
type ControlProps = Pick<
  HTMLAttributes<HTMLElement>,
  'id' | 'className' | 'aria-invalid' | 'aria-describedby'
>;

export interface FieldProps {
  /** The control's id; the label points at it and the error paragraph is `${id}-error`. */
  id: string;
  label: ReactNode;
  /** The validation message; when set the control is marked invalid and described by it. */
  error?: string;
  /** A short note shown under the control (accepted formats, say). */
  hint?: ReactNode;
  /** Classes for the wrapper (a grid column span, say). */
  className?: string;
  /** Leave out the `field-input` class, for controls with a look of their own (file inputs). */
  unstyled?: boolean;
  /** The one control: an input, textarea or select, without id or aria attributes. */
  children: ReactElement<ControlProps>;
}

/**
 * A labelled form control with its error message:
 *
 *   <Field id="order-phone" label="Phone number" error={errors.phone?.message}>
 *     <input type="tel" autoComplete="tel" {...register('phone')} />
 *   </Field>
 *
 * The control gets the id, `aria-invalid`, `aria-describedby` (pointing at the error while
 * there is one) and the `field-input` class ahead of its own classes.
 */
export function Field({ id, label, error, hint, className, unstyled, children }: FieldProps) {
  const errorId = `${id}-error`;
  const classes = [unstyled ? undefined : 'field-input', children.props.className].filter(Boolean);
  const control = cloneElement(children, {
    id,
    className: classes.length > 0 ? classes.join(' ') : undefined,
    'aria-invalid': !!error,
    'aria-describedby': error ? errorId : undefined,
  });

  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {control}
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The message about the form as a whole (why sending it failed), announced when it appears. */
export function FormError({ message, className }: { message: string | null; className?: string }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className={['text-sm font-medium text-red-600', className].filter(Boolean).join(' ')}
    >
      {message}
    </p>
  );
}
