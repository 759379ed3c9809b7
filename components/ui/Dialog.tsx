'use client';

import { useCallback, useEffect, useId, useRef, useState } from 'react';

export type DialogIcon = 'success' | 'error' | 'warning' | 'info';

const iconStyles: Record<DialogIcon, { ring: string; path: string; label: string }> = {
  success: { ring: 'bg-green-100 text-green-600', path: 'M5 13l4 4L19 7', label: 'Success' },
  error: { ring: 'bg-red-100 text-red-600', path: 'M6 6l12 12M18 6L6 18', label: 'Error' },
  warning: { ring: 'bg-amber-100 text-amber-600', path: 'M12 7v6m0 4h.01', label: 'Warning' },
  info: { ring: 'bg-blue-100 text-blue-600', path: 'M12 8h.01M11 12h1v5h1', label: 'Information' },
};

export interface DialogProps {
  open: boolean;
  title: string;
  icon?: DialogIcon;
  children?: React.ReactNode;
  /** Buttons; defaults to a single OK button that closes the dialog. */
  actions?: React.ReactNode;
  onClose: () => void;
}

/**
 * A modal dialog on the native <dialog> element: the rest of the page is inert while it is
 * open (focus stays inside), Escape closes it, and it is labelled by its title.
 */
export function Dialog({ open, title, icon, children, actions, onClose }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const style = icon ? iconStyles[icon] : undefined;

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={children ? textId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl p-0 shadow-2xl backdrop:bg-slate-900/50"
    >
      {open ? (
        <div className="p-6 text-center">
          {style ? (
            <div
              className={`mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full ${style.ring}`}
            >
              <svg
                role="img"
                aria-label={style.label}
                viewBox="0 0 24 24"
                className="h-8 w-8"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                strokeLinecap="round"
              >
                <path d={style.path} />
              </svg>
            </div>
          ) : null}
          <h2 id={titleId} className="text-xl font-semibold text-slate-900">
            {title}
          </h2>
          {children ? (
            <div id={textId} className="mt-2 text-slate-600">
              {children}
            </div>
          ) : null}
          <div className="mt-6 flex justify-center gap-3">
            {actions ?? (
              <button type="button" className="btn-primary" autoFocus onClick={onClose}>
                OK
              </button>
            )}
          </div>
        </div>
      ) : null}
    </dialog>
  );
}

/**
 * A dialog holding one form: its fields as `children`, and in the dialog's footer Cancel and
 * the form's submit button (outside the form, tied to it by its id), showing `busyLabel` and
 * disabled while it is sent.
 */
export function FormDialog({
  open,
  title,
  onClose,
  onSubmit,
  isSubmitting,
  submitLabel,
  busyLabel,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  isSubmitting: boolean;
  submitLabel: string;
  busyLabel: string;
  children: React.ReactNode;
}) {
  const formId = useId();
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="btn-primary" disabled={isSubmitting}>
            {isSubmitting ? busyLabel : submitLabel}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-3 text-left">
        {children}
      </form>
    </Dialog>
  );
}

export interface Message {
  title: string;
  text?: React.ReactNode;
  icon?: DialogIcon;
}

/** A message dialog held in state: `show({ title, text, icon })` opens it. */
export function useMessageDialog() {
  const [message, setMessage] = useState<Message | null>(null);
  const show = useCallback((next: Message) => setMessage(next), []);
  const element = (
    <Dialog
      open={message !== null}
      title={message?.title ?? ''}
      icon={message?.icon}
      onClose={() => setMessage(null)}
    >
      {message?.text}
    </Dialog>
  );
  return { dialog: element, show };
}
