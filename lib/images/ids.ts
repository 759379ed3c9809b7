import { randomBytes } from 'node:crypto';
import type { ObjectId } from 'mongodb';
import { toObjectId } from '@/lib/core/db/ids';

/**
 * Upload ids, a kind of id of their own (not a document `Id`, lib/core/ids.ts). A new upload
 * gets 128 random bits as 32 lower-case hex digits, so nobody can guess another upload's address
 * from their own (ObjectIds, which uploads had before, count up: two uploads in a row differ in
 * their last digits). Images stored under an ObjectId keep it and keep being served. Nothing
 * else is an upload id.
 */

/** A random upload id: 32 lower-case hex digits. */
const RANDOM_IMAGE_ID_PATTERN = /^[0-9a-f]{32}$/;

/** A new upload id: 16 random bytes as 32 hex digits. */
export function newImageId(): string {
  return randomBytes(16).toString('hex');
}

/**
 * The stored `_id` for an upload id given in a path: the string itself for a random id, the
 * ObjectId for an upload from before random ids (a document id, `parseId`); null for anything
 * else.
 */
export function toImageId(value: string): string | ObjectId | null {
  return RANDOM_IMAGE_ID_PATTERN.test(value) ? value : toObjectId(value);
}

/** An upload id as it appears in its URL. */
export function imageIdString(id: string | ObjectId): string {
  return typeof id === 'string' ? id : id.toHexString();
}
