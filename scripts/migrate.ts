// `npm run db:migrate`: creates the indexes, migrates stored documents and seeds the demo
// catalogue into an empty database (SEED_DEMO_DATA). Idempotent; run it before serving. With
// NODE_ENV=production it first checks the production profile, as the servers do (no embedded
// database started for a production store that forgot MONGODB_URI).
import { refuseUnlessProfileAllows } from './lib/preflight.mjs';
import { loadProjectEnv } from './lib/project-env.mjs';

async function main() {
  loadProjectEnv();
  refuseUnlessProfileAllows('npm run db:migrate');
  // Imported after the .env files are loaded: lib/core/env reads the environment once, on import.
  const { closeConnection, getDb } = await import('@/lib/core/db');
  const { prepareDatabase } = await import('@/lib/startup');
  const { seeded } = await prepareDatabase();
  const db = await getDb();
  console.log(
    `Database "${db.databaseName}" is ready: indexes and migrations applied${seeded ? ', demo catalogue seeded' : ''}.`,
  );
  await closeConnection();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
