'use client';

import type { FormEvent, ReactNode } from 'react';
import { FormDialog } from './Dialog';

/**
 * A button that opens a small form in a dialog, and that dialog (FormDialog): the button says it
 * opens a dialog (`aria-haspopup`), may carry its own accessible name, and may stand in a
 * wrapper of its own (`wrapperClassName`) while the dialog stays beside it.
 */
/** The dialog's state and form, as a form hook hands them to FormDialogButton. */
export interface FormDialogState {
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  isSubmitting: boolean;
}

export function FormDialogButton({
  label,
  ariaLabel,
  buttonClassName,
  wrapperClassName,
  disabled,
  onOpen,
  ...dialog
}: FormDialogState & {
  /** What the button shows. */
  label: ReactNode;
  /** The button's accessible name, when its text alone does not say what it acts on. */
  ariaLabel?: string;
  buttonClassName: string;
  wrapperClassName?: string;
  disabled?: boolean;
  title: string;
  submitLabel: string;
  busyLabel: string;
  children: ReactNode;
}) {
  const button = (
    <button
      type="button"
      className={buttonClassName}
      disabled={disabled}
      aria-haspopup="dialog"
      aria-label={ariaLabel}
      onClick={onOpen}
    >
      {label}
    </button>
  );
  return (
    <>
      {wrapperClassName ? <div className={wrapperClassName}>{button}</div> : button}
      <FormDialog {...dialog} />
    </>
  );
}
