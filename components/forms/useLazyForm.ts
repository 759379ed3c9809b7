'use client';

import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { usePreparedResolver, type LazyResolver } from '@/lib/client/lazy-resolver';

/**
 * A dashboard form on a lazily loaded zod schema (lib/client/lazy-resolver.ts): starts loading
 * the schema once the form is on the page, and validates with it on submit. `options` are
 * react-hook-form's, without the resolver. Besides react-hook-form's own, it returns the two
 * parts of the form state every such form shows: the fields' `errors` and `isSubmitting`.
 */
export function useLazyForm<TInput extends FieldValues, TOutput = TInput>(
  resolver: LazyResolver<TInput, TOutput>,
  options: Omit<UseFormProps<TInput, unknown, TOutput>, 'resolver'>,
): UseFormReturn<TInput, unknown, TOutput> & {
  errors: UseFormReturn<TInput>['formState']['errors'];
  isSubmitting: boolean;
} {
  usePreparedResolver(resolver);
  const form = useForm<TInput, unknown, TOutput>({ ...options, resolver });
  // Read while rendering, so that react-hook-form renders the form again when they change.
  const { errors, isSubmitting } = form.formState;
  return { ...form, errors, isSubmitting };
}
