'use client';

import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { usePreparedResolver, type LazyResolver } from '@/lib/client/lazy-resolver';

/**
 * A dashboard form on a lazily loaded zod schema (lib/client/lazy-resolver.ts): starts loading
 * the schema once the form is on the page, and validates with it on submit. `options` are
 * react-hook-form's, without the resolver.
 */
export function useLazyForm<TInput extends FieldValues, TOutput = TInput>(
  resolver: LazyResolver<TInput, TOutput>,
  options: Omit<UseFormProps<TInput, unknown, TOutput>, 'resolver'>,
): UseFormReturn<TInput, unknown, TOutput> {
  usePreparedResolver(resolver);
  return useForm<TInput, unknown, TOutput>({ ...options, resolver });
}
