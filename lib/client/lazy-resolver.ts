import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * A react-hook-form resolver for a zod schema that is loaded when the form is first used,
 * not with the page: zod and the schema are the largest part of a form's JavaScript, and a
 * public page's first load should not wait for them. The schema, its messages and the
 * resolver are exactly those of `zodResolver(schema)`; only their loading moves. `prepare()`
 * starts loading (call it when the person first focuses the form), so that it is there by
 * the time they submit.
 */
export function lazyZodResolver<T extends FieldValues>(
  loadSchema: () => Promise<ZodType>,
): Resolver<T> & { prepare: () => void } {
  let loaded: Promise<Resolver<T>> | null = null;
  const load = () =>
    (loaded ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')])
      .then(
        ([schema, { zodResolver }]) =>
          // The schema's input and output are the form's values (as with zodResolver directly).
          zodResolver(schema as never) as unknown as Resolver<T>,
      )
      .catch((error: unknown) => {
        loaded = null; // a failed download is tried again on the next use
        throw error;
      }));
  const resolver = (async (values, context, options) =>
    (await load())(values, context, options)) as Resolver<T> & { prepare: () => void };
  resolver.prepare = () => void load().catch(() => undefined);
  return resolver;
}
