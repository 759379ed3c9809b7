import { describe, expect, it, vi } from 'vitest';
import type { UseFormSetError } from 'react-hook-form';
import { applyFieldErrors } from '@/lib/client/form-errors';

type Values = { name: string; email: string };

describe('applyFieldErrors', () => {
  it("puts the first message of each of the form's own fields under it, and nothing else", () => {
    const setError = vi.fn() as unknown as UseFormSetError<Values>;
    applyFieldErrors(
      setError,
      {
        ok: false,
        status: 422,
        code: 'validation_failed',
        message: 'name: Name is Required',
        fields: { name: ['Name is Required', 'Name is too long'], role: ['Not allowed'] },
      },
      ['name', 'email'],
    );
    expect(vi.mocked(setError).mock.calls).toEqual([['name', { message: 'Name is Required' }]]);
  });

  it('does nothing for a success or a failure without field errors', () => {
    const setError = vi.fn() as unknown as UseFormSetError<Values>;
    applyFieldErrors(setError, { ok: true, status: 201, data: {} }, ['name']);
    applyFieldErrors(
      setError,
      { ok: false, status: 0, code: 'network_error', message: 'offline' },
      ['name'],
    );
    expect(setError).not.toHaveBeenCalled();
  });
});
