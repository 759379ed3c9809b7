import { z } from 'zod';

/** Pieces the answers of several areas share. */

/** A record's id as the API answers it: the ObjectId's 24 lower-case hex digits. */
export const idField = z
  .string()
  .regex(/^[0-9a-f]{24}$/)
  .meta({ example: '66a1f0c2e4b0a1b2c3d4e5f6' });

/** `{ ok: true }`: done, nothing more to say. */
export const okSchema = z.object({ ok: z.literal(true) });

type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** Whether a value the schema allows is a value of the type, null and undefined kept alike. */
type FieldConforms<Schema, Type> = [Schema] extends [Type]
  ? (null extends Type ? (null extends Schema ? true : false) : true) extends true
    ? undefined extends Type
      ? undefined extends Schema
        ? true
        : false
      : true
    : false
  : false;

type FieldsConform<O, T> = {
  [K in keyof T]-?: K extends keyof O ? FieldConforms<O[K], T[K]> : false;
}[keyof T];

/**
 * Checks at compile time that a response schema describes what the server sends: every field
 * of `T` (the type a feature's store answers with) is in the schema and no other, each value the schema
 * allows is a value of `T`'s field (the schema may be narrower, e.g. an enum of slugs where
 * the type says string), and a field that may be null or absent is so in the schema too. A
 * field added to `T` without its schema fails `npm run typecheck`.
 */
export function conforms<T>() {
  return <S extends z.ZodType>(
    schema: S &
      (Exact<keyof z.output<S>, keyof T> extends true
        ? false extends FieldsConform<z.output<S>, T>
          ? { error: 'a field of the schema does not describe the type' }
          : unknown
        : { error: 'the schema and the type have different fields' }),
  ): S => schema;
}
