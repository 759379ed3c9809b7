import { z } from 'zod';

/** Pieces the answers of several areas share. */

/** A record's id as the API answers it: the ObjectId's 24 lower-case hex digits. */
export const idField = z
  .string()
  .regex(/^[0-9a-f]{24}$/)
  .meta({ example: '66a1f0c2e4b0a1b2c3d4e5f6' });

/** `{ ok: true }`: done, nothing more to say. */
export const okSchema = z.object({ ok: z.literal(true) });
