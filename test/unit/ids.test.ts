import { ObjectId } from 'mongodb';
import { describe, expect, it } from 'vitest';
import { idOf, toObjectId } from '@/lib/core/db/ids';
import { ID_PATTERN, isId, parseId } from '@/lib/core/ids';
import { toImageId } from '@/lib/images/ids';

const hex = '64b7f0c2a1b2c3d4e5f60718';

describe('parseId', () => {
  it('reads 24 hex digits in either case, lower-cased', () => {
    expect(parseId(hex)).toBe(hex);
    expect(parseId(hex.toUpperCase())).toBe(hex);
  });

  it('refuses everything else', () => {
    for (const value of [
      '',
      hex.slice(1),
      `${hex}0`,
      ` ${hex}`,
      `${hex}\n`,
      'zzzzzzzzzzzzzzzzzzzzzzzz',
      '0123456789abcdef0123456789abcdef',
      undefined,
      null,
      42,
      [hex],
      { toString: () => hex },
    ]) {
      expect(parseId(value)).toBeNull();
    }
  });

  it('agrees with ID_PATTERN, which the zod schemas use', () => {
    expect(ID_PATTERN.test(hex.toUpperCase())).toBe(true);
    expect(ID_PATTERN.test(`${hex}0`)).toBe(false);
  });

  it('isId holds only for the canonical form', () => {
    expect(isId(hex)).toBe(true);
    expect(isId(hex.toUpperCase())).toBe(false);
    expect(isId('nope')).toBe(false);
  });
});

describe('toObjectId and idOf', () => {
  it('round-trip a stored id', () => {
    const objectId = new ObjectId();
    expect(toObjectId(idOf(objectId))?.equals(objectId)).toBe(true);
    expect(toObjectId(objectId.toHexString().toUpperCase())?.equals(objectId)).toBe(true);
  });

  it('give null for what is not an id (ObjectId itself would take 12 bytes)', () => {
    expect(toObjectId('abcdefghijkl')).toBeNull();
    expect(toObjectId('')).toBeNull();
  });
});

describe('upload ids are their own kind', () => {
  it('take 32 lower-case hex digits as they are, and a document id as its ObjectId', () => {
    const random = '0123456789abcdef0123456789abcdef';
    expect(toImageId(random)).toBe(random);
    expect(toImageId(random.toUpperCase())).toBeNull();
    expect(toImageId(hex.toUpperCase())).toEqual(new ObjectId(hex));
    expect(toImageId('../etc/passwd')).toBeNull();
  });
});
