'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { passwordField } from '@/lib/accounts/schemas';
import { postJson } from '@/lib/client/api';
import { Field, FormError } from '@/components/ui/Field';
import { Spinner } from './Spinner';

const schema = z.object({ password: passwordField });

export function ResetPasswordForm({ token }: { token: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(
    token ? null : 'This reset link is incomplete. Ask for a new one from the login page.',
  );
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ password: string }>({
    resolver: zodResolver(schema),
    defaultValues: { password: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    setError(null);
    const result = await postJson('/api/password-reset/confirm', { token, password });
    if (result.ok) router.replace('/login?reset=1');
    else setError(result.message);
  });

  return (
    <div className="auth-card">
      <h1 className="text-2xl font-bold text-slate-900">Choose a new password</h1>
      <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
        <Field id="reset-password" label="New password" error={errors.password?.message}>
          <input type="password" autoComplete="new-password" {...register('password')} />
        </Field>
        <FormError message={error} />
        <button type="submit" className="btn-primary w-full" disabled={isSubmitting || !token}>
          {isSubmitting ? <Spinner label="Saving" /> : null}
          Save new password
        </button>
      </form>
      <p className="mt-4 text-center text-sm">
        <Link href="/login" className="text-brand-700 underline">
          Back to Login
        </Link>
      </p>
    </div>
  );
}
