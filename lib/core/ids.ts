/**
 * Document ids. Every document of ours is keyed by a MongoDB ObjectId; outside the database it
 * travels as an `Id`: its 24 hex digits, lower-case. A string from outside (a path, a query, a
 * body, a session claim) becomes an `Id` only through `parseId`, the one place that knows what
 * an id looks like. Client-safe: nothing here loads the database driver (the conversion to and
 * from ObjectId is lib/core/db/ids.ts).
 *
 * Uploads have ids of their own (32 random hex digits, lib/images/ids.ts); those are not `Id`s.
 */

declare const idBrand: unique symbol;

/** A document id: 24 lower-case hex digits, as `ObjectId#toHexString()` writes it. */
export type Id = string & { readonly [idBrand]: 'Id' };

/** The digits of an id, in either case: the one place the rule is written. */
export const ID_DIGITS = '[0-9a-fA-F]{24}';

/**
 * What an id looks like: 24 hex digits in either case. Zod schemas use it with `.regex()` so
 * forms and the OpenAPI document show the same rule (its source is the documented pattern, so
 * it carries no flag).
 */
export const ID_PATTERN = new RegExp(`^${ID_DIGITS}$`);

/** The `Id` written in `value` (lower-cased), or null for anything that is not one. */
export function parseId(value: unknown): Id | null {
  return typeof value === 'string' && ID_PATTERN.test(value) ? (value.toLowerCase() as Id) : null;
}

/** Whether `value` is an id in its canonical form (24 lower-case hex digits). */
export function isId(value: unknown): value is Id {
  return parseId(value) === value;
}
