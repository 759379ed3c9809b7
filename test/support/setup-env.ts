import { randomBytes } from 'node:crypto';
import { inject, vi } from 'vitest';

// Runs before each test file's imports: every file gets its own database on the shared
// server, so files can run in parallel without seeing each other's data.
process.env.MONGODB_URI = inject('mongoUri');
process.env.DATA_DIR = inject('dataDir');
process.env.MONGODB_DB = `test_${randomBytes(6).toString('hex')}`;
process.env.SEED_DEMO_DATA ??= 'false';

// Route handlers expire Next.js cache tags after a change; outside a Next.js server there is
// no cache to expire, so tests record the calls instead (and assert on them where it matters).
vi.mock('next/cache', () => ({
  revalidateTag: vi.fn(),
  revalidatePath: vi.fn(),
  unstable_cache: <T>(fn: T) => fn,
}));
