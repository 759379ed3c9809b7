'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { signIn } from 'next-auth/react';
import { useState } from 'react';
import { useLightForm } from '@/lib/client/use-light-form';
import { lazyZodResolver } from '@/lib/client/lazy-resolver';
import type { SignupInput } from '@/lib/accounts/schemas';
import { postJson } from '@/lib/client/api';
import { notices } from '@/lib/core/notices';
import { applyFieldErrors } from '@/lib/client/form-errors';
import { Field, FormError } from '@/components/ui/Field';
import { InvitationNotice } from '@/components/companies/InvitationNotice';
import type { InvitationView } from '@/lib/companies';
import { GoogleButton } from './GoogleButton';
import { Spinner } from './Spinner';

/** The form's zod schema, loaded when the form is first used (lib/client/lazy-resolver.ts). */
const resolver = lazyZodResolver<SignupInput>(() =>
  import('@/lib/accounts/schemas').then((module) => module.signupSchema),
);

/** Where a new account goes when it did not come from another page of the store. */
const AFTER_SIGN_UP = '/home';

interface Props {
  /**
   * The page the person came from (a safe path on the store), to come back to after signing up,
   * signing in instead, Google, and the verification mail's link; null when there is none.
   */
  callbackPath: string | null;
  googleEnabled: boolean;
  /** The invitation whose link sent the person here (the callback path is its join link). */
  invitation?: InvitationView | null;
}

export function SignupForm({ callbackPath, googleEnabled, invitation }: Props) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting, isSubmitSuccessful },
  } = useLightForm<SignupInput>({
    resolver,
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    const created = await postJson(
      '/api/signup',
      callbackPath ? { ...values, callbackUrl: callbackPath } : values,
    );
    if (!created.ok) {
      applyFieldErrors(setFieldError, created, ['name', 'email', 'password']);
      setError(created.message);
      throw new Error('sign-up failed');
    }
    const result = await signIn('credentials', {
      email: values.email,
      password: values.password,
      redirect: false,
    }).catch(() => null);
    if (!result || result.error) {
      setError(notices.signedUpNotSignedIn);
      throw new Error('sign-in failed');
    }
    router.replace(
      `/auth/complete?callbackUrl=${encodeURIComponent(callbackPath ?? AFTER_SIGN_UP)}`,
    );
  });

  const busy = isSubmitting || isSubmitSuccessful;

  return (
    <div className="auth-card">
      <h1 className="text-2xl font-bold text-slate-900">Sign Up</h1>
      {invitation ? <InvitationNotice invitation={invitation} on="signUp" /> : null}
      <form
        onFocus={resolver.prepare}
        onSubmit={(event) => onSubmit(event).catch(() => undefined)}
        noValidate
        className="mt-6 space-y-4"
      >
        <Field id="signup-name" label="Name" error={errors.name?.message}>
          <input type="text" autoComplete="name" {...register('name')} />
        </Field>
        <Field id="signup-email" label="Email" error={errors.email?.message}>
          <input type="email" autoComplete="email" {...register('email')} />
        </Field>
        <Field id="signup-password" label="Password" error={errors.password?.message}>
          <input type="password" autoComplete="new-password" {...register('password')} />
        </Field>
        <FormError message={error} />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? <Spinner label="Creating your account" /> : null}
          Sign Up
        </button>
      </form>
      <p className="mt-4 text-center text-sm text-slate-600">
        Already have an account?{' '}
        <Link
          href={callbackPath ? `/login?callbackUrl=${encodeURIComponent(callbackPath)}` : '/login'}
          className="font-medium text-brand-700 underline"
        >
          Login
        </Link>
      </p>
      {googleEnabled ? (
        <div className="mt-5">
          <GoogleButton callbackPath={callbackPath ?? AFTER_SIGN_UP} />
        </div>
      ) : null}
    </div>
  );
}
