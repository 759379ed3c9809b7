import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { concurrencyLimit } from '@/lib/core/concurrency';

/** scrypt parameters: N = 2^15, r = 8 (32 MiB of memory per hash), p = 1. */
const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } satisfies ScryptOptions;
const KEY_LENGTH = 64;

/**
 * At most this many hashes at once per process (32 MiB each): a flood of sign-in or sign-up
 * attempts waits in line instead of exhausting memory.
 */
const MAX_CONCURRENT_HASHES = 4;
const withHashSlot = concurrencyLimit(MAX_CONCURRENT_HASHES);

function derive(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return withHashSlot(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, params, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

/** `scrypt$N$r$p$salt$hash`, with a fresh 16-byte salt per password. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return [
    'scrypt',
    PARAMS.N,
    PARAMS.r,
    PARAMS.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

/** Compares in constant time; false for any malformed stored value. */
export async function verifyPassword(
  password: string,
  stored: string | undefined | null,
): Promise<boolean> {
  const parts = stored?.split('$');
  if (!parts || parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash to compare against when no user exists, so timing does not reveal accounts. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(12).toString('hex'));
  return decoy;
}
