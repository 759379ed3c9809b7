import { z } from 'zod';
import { ID_PATTERN, isId } from '@/lib/core/ids';

/** Pieces the answers of several features share. */

/**
 * A record's id as the API answers it: an `Id` in its canonical form, the ObjectId's 24
 * lower-case hex digits (the kernel's one `ID_PATTERN`, lower-case by `isId`).
 */
export const idField = z
  .string()
  .regex(ID_PATTERN)
  .refine(isId, { message: 'An id is answered in lower case.' })
  .meta({
    description: 'A record id: 24 lower-case hexadecimal digits.',
    example: '66a1f0c2e4b0a1b2c3d4e5f6',
  });

/** `{ ok: true }`: done, nothing more to say. */
export const okSchema = z.object({ ok: z.literal(true) });
