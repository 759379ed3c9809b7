import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { env } from '@/lib/core/env';

let cached: string | undefined;

/**
 * The secret that signs sessions and access tokens: AUTH_SECRET, or, on the embedded default
 * (no MONGODB_URI), one generated on first start and kept in DATA_DIR/auth-secret. A
 * production deployment on its own database must set AUTH_SECRET.
 */
export function authSecret(): string {
  if (cached) return cached;
  if (env.AUTH_SECRET) return (cached = env.AUTH_SECRET);
  if (env.MONGODB_URI && env.NODE_ENV === 'production') {
    throw new Error(
      'AUTH_SECRET is required in production. Generate one with `openssl rand -base64 32`.',
    );
  }
  const file = path.join(env.DATA_DIR, 'auth-secret');
  try {
    cached = fs.readFileSync(file, 'utf8').trim();
    if (cached) return cached;
  } catch {
    // not generated yet
  }
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    // 'wx': if another process wrote it first, use theirs.
    fs.writeFileSync(file, `${secret}\n`, { flag: 'wx', mode: 0o600 });
    cached = secret;
  } catch {
    cached = fs.readFileSync(file, 'utf8').trim();
  }
  return cached;
}
