import { ObjectId } from 'mongodb';

/** An ObjectId from a 24-hex-digit string, or null for anything else. */
export function toObjectId(value: string): ObjectId | null {
  return /^[0-9a-f]{24}$/i.test(value) ? new ObjectId(value) : null;
}
