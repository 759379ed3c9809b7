/**
 * The database of the server under test, through the app's own connection (lib/core/db), which
 * playwright.config.ts points at the e2e server's embedded engine. Specs read it to check
 * what the store wrote; they make data through test/support/factories.ts.
 */
export { getDb as testDb, closeConnection as closeTestDb } from '@/lib/core/db';
