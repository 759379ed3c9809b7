import { ObjectId } from 'mongodb';
import { parseId, type Id } from '../ids';

/** The ObjectId of an id given as a string (24 hex digits, see `parseId`), or null. */
export function toObjectId(value: string): ObjectId | null {
  const id = parseId(value);
  return id ? new ObjectId(id) : null;
}

/** The `Id` of a stored ObjectId. */
export function idOf(objectId: ObjectId): Id {
  return objectId.toHexString() as Id;
}
