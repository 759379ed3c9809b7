import { useEffect } from 'react';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/** A resolver whose schema loads on first use, with `prepare()` to start loading it early. */
export type LazyResolver<TInput extends FieldValues, TOutput = TInput> = Resolver<
  TInput,
  unknown,
  TOutput
> & { prepare: () => void };

/**
 * A react-hook-form resolver for a zod schema that is loaded when the form is first used,
 * not with the page: zod and the schema are the largest part of a form's JavaScript, and a
 * page's first load should not wait for them. The schema, its messages and the resolver are
 * exactly those of `zodResolver(schema)`; only their loading moves. `prepare()` starts
 * loading (the public forms call it when the person first focuses the form, the dashboard
 * forms once the page is up: `usePreparedResolver`), so that it is there by the time they
 * submit; a submit before that waits for it.
 */
export function lazyZodResolver<TInput extends FieldValues, TOutput = TInput>(
  loadSchema: () => Promise<ZodType>,
): LazyResolver<TInput, TOutput> {
  let loaded: Promise<Resolver<TInput, unknown, TOutput>> | null = null;
  const load = () =>
    (loaded ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')])
      .then(
        ([schema, { zodResolver }]) =>
          // The schema's input and output are the form's values (as with zodResolver directly).
          zodResolver(schema as never) as unknown as Resolver<TInput, unknown, TOutput>,
      )
      .catch((error: unknown) => {
        loaded = null; // a failed download is tried again on the next use
        throw error;
      }));
  const resolver = (async (values, context, options) =>
    (await load())(values, context, options)) as LazyResolver<TInput, TOutput>;
  resolver.prepare = () => void load().catch(() => undefined);
  return resolver;
}

/**
 * Starts loading the lazy resolvers' schemas once the component is on the page (after the
 * first load, not part of it). For the dashboard forms, which are used as soon as they show.
 */
export function usePreparedResolver(...resolvers: Array<{ prepare: () => void }>): void {
  useEffect(() => {
    for (const resolver of resolvers) resolver.prepare();
    // The resolvers are module constants: loading starts once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
