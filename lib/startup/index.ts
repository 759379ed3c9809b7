import 'server-only';
import { getDb } from '@/lib/core/db';
import { ensureIndexes, runMigrations } from '@/lib/startup/migrations';
import { seedDemoDataIfEmpty } from '@/lib/catalogue';
import { env } from '@/lib/core/env';

/**
 * The start-up work, as one named step: indexes, migrations of stored documents, and the demo
 * catalogue seeded into an empty, never-seeded database (SEED_DEMO_DATA). Idempotent. Run by
 * `npm run db:migrate` (deployments, Vercel's build command), by `npm start` and `npm run dev`
 * before the server starts, never by a request.
 */
export async function prepareDatabase(): Promise<{ seeded: boolean }> {
  const db = await getDb();
  await ensureIndexes(db);
  await runMigrations(db);
  const seeded = env.SEED_DEMO_DATA ? await seedDemoDataIfEmpty(db) : false;
  return { seeded };
}
