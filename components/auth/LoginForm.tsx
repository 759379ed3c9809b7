'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { signIn } from 'next-auth/react';
import { useState } from 'react';
import { useLightForm } from '@/lib/client/use-light-form';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import type { LoginInput } from '@/lib/accounts/schemas';
import { loginErrorMessage, messages } from '@/lib/core/wording';
import { postJson } from '@/lib/client/api';
import { useMessageDialog } from '@/components/ui/Dialog';
import { Field, FormError } from '@/components/ui/Field';
import { InvitationNotice } from '@/components/companies/InvitationNotice';
import type { InvitationView } from '@/lib/companies';
import { GoogleButton } from './GoogleButton';
import { Spinner } from './Spinner';

/** The form's zod schema, loaded when the form is first used (lib/client/lazy-resolver.ts). */
const resolver = lazyZodResolver<LoginInput>(() =>
  import('@/lib/accounts/schemas').then((module) => module.loginSchema),
);

interface Props {
  callbackPath: string;
  googleEnabled: boolean;
  initialError: string | null;
  notice?: string | null;
  /** The invitation whose link sent the person here (the callback path is its join link). */
  invitation?: InvitationView | null;
}

export function LoginForm({
  callbackPath,
  googleEnabled,
  initialError,
  notice,
  invitation,
}: Props) {
  const router = useRouter();
  const { dialog, show } = useMessageDialog();
  const [error, setError] = useState<string | null>(initialError);
  const [resetting, setResetting] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useLightForm<LoginInput>({
    resolver,
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const result = await signIn('credentials', { ...values, redirect: false }).catch(() => null);
    if (!result || result.error) {
      setError(loginErrorMessage(result?.error ?? 'Default', result?.code));
      throw new Error('sign-in failed'); // keeps isSubmitSuccessful false
    }
    router.replace(`/auth/complete?callbackUrl=${encodeURIComponent(callbackPath)}`);
  });

  const requestReset = async () => {
    const email = getValues('email').trim();
    if (!email) {
      show({ title: messages.reset.emptyTitle, text: messages.reset.emptyText, icon: 'error' });
      return;
    }
    setResetting(true);
    const result = await postJson('/api/password-reset', { email });
    setResetting(false);
    if (result.ok) {
      show({ title: messages.reset.sentTitle, text: messages.reset.sentText, icon: 'success' });
    } else {
      show({ title: messages.errorTitle, text: result.message, icon: 'error' });
    }
  };

  const busy = isSubmitting || isSubmitSuccessful || resetting;

  return (
    <div className="auth-card">
      <h1 className="text-2xl font-bold text-slate-900">Login</h1>
      {notice ? (
        <p role="status" className="mt-3 rounded-md bg-green-50 p-3 text-sm text-green-800">
          {notice}
        </p>
      ) : null}
      {invitation ? <InvitationNotice invitation={invitation} on="signIn" /> : null}
      <form
        onFocus={resolver.prepare}
        onSubmit={(event) => onSubmit(event).catch(() => undefined)}
        noValidate
        className="mt-6 space-y-4"
      >
        <Field id="login-email" label="Email" error={errors.email?.message}>
          <input type="email" autoComplete="email" {...register('email')} />
        </Field>
        <Field id="login-password" label="Password" error={errors.password?.message}>
          <input type="password" autoComplete="current-password" {...register('password')} />
        </Field>
        <p className="text-sm text-slate-600">
          Forgot password?{' '}
          <button
            type="button"
            className="font-medium text-brand-700 underline"
            onClick={requestReset}
            disabled={resetting}
          >
            Reset password
          </button>
        </p>
        <FormError message={error} />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? <Spinner label="Signing in" /> : null}
          Login
        </button>
      </form>
      <p className="mt-4 text-center text-sm text-slate-600">
        New here?{' '}
        <Link
          href={`/signup${callbackPath !== '/' ? `?callbackUrl=${encodeURIComponent(callbackPath)}` : ''}`}
          className="font-medium text-brand-700 underline"
        >
          Create New Account
        </Link>
      </p>
      {googleEnabled ? (
        <>
          <div
            className="my-5 flex items-center gap-3 text-xs text-slate-500 uppercase"
            aria-hidden="true"
          >
            <span className="h-px flex-1 bg-slate-200" />
            or
            <span className="h-px flex-1 bg-slate-200" />
          </div>
          <GoogleButton callbackPath={callbackPath} />
        </>
      ) : null}
      {dialog}
    </div>
  );
}
