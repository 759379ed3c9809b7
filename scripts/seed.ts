// `npm run seed`: replaces the products and reviews with the demo catalogue, on purpose.
import { loadProjectEnv } from './lib/project-env.mjs';

async function main() {
  loadProjectEnv();
  // Imported after the .env files are loaded: lib/env reads the environment once, on import.
  const { closeConnection, getDb } = await import('@/lib/db');
  const { resetDemoData } = await import('@/lib/data/seed');
  const db = await getDb();
  const counts = await resetDemoData(db);
  console.log(
    `Seeded ${counts.products} products and ${counts.reviews} reviews into "${db.databaseName}".`,
  );
  await closeConnection();
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
