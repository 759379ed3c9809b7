'use client';

import { useCallback, useRef, useState } from 'react';
import { Dialog } from './Dialog';
import { messages } from '@/lib/core/messages';

interface ConfirmOptions {
  title: string;
  text?: string;
  confirmLabel?: string;
}

/**
 * A confirmation dialog for destructive actions: `await confirm({ title })` resolves true when
 * the person confirms, false when they cancel (button, Escape). The default text is the
 * specification's cannot-be-recovered warning.
 */
export function useConfirm() {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<(value: boolean) => void>(undefined);

  const confirm = useCallback(
    (next: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        resolver.current = resolve;
        setOptions(next);
      }),
    [],
  );

  const settle = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = undefined;
    setOptions(null);
  };

  const dialog = (
    <Dialog
      open={options !== null}
      title={options?.title ?? ''}
      icon="warning"
      onClose={() => settle(false)}
      actions={
        <>
          <button type="button" className="btn-secondary" autoFocus onClick={() => settle(false)}>
            Cancel
          </button>
          <button type="button" className="btn-danger" onClick={() => settle(true)}>
            {options?.confirmLabel ?? 'Delete'}
          </button>
        </>
      }
    >
      {options?.text ?? messages.cannotRecover}
    </Dialog>
  );

  return { confirm, dialog };
}
