import 'server-only';
import { MongoClient, type Db, type MongoClientOptions } from 'mongodb';
import { settleBackgroundWork } from '@/lib/core/background';
import { env } from '@/lib/core/env';
import { resolveMongoUri } from '@/lib/core/db/uri';

export { DatabaseUnavailableError } from '@/lib/core/db/uri';

type Connection = { client: MongoClient; db: Db };

const globalCache = globalThis as typeof globalThis & {
  __storefrontMongo?: Promise<Connection>;
};

/**
 * How long an operation waits for a reachable server before it fails (answered 503 by the
 * API): 10 s, unless the connection string sets `serverSelectionTimeoutMS` itself (an option
 * given here would override the string's).
 */
function clientOptions(uri: string): MongoClientOptions {
  const own = /[?&]serverSelectionTimeoutMS=/i.test(uri);
  return { appName: 'storefront', ...(own ? {} : { serverSelectionTimeoutMS: 10_000 }) };
}

async function connect(): Promise<Connection> {
  const uri = await resolveMongoUri(env);
  const client = new MongoClient(uri, clientOptions(uri));
  await client.connect();
  return { client, db: client.db(env.MONGODB_DB) };
}

/**
 * The one MongoClient of this process, connected. Indexes, migrations and seeding are not done
 * here but by the start-up step (lib/startup/index.ts, `npm run db:migrate`). Cached on globalThis so hot
 * reloads and every module share it; a failed attempt is forgotten so the next request tries
 * again.
 */
export function getConnection(): Promise<Connection> {
  if (!globalCache.__storefrontMongo) {
    globalCache.__storefrontMongo = connect().catch((error: unknown) => {
      globalCache.__storefrontMongo = undefined;
      throw error;
    });
  }
  return globalCache.__storefrontMongo;
}

export async function getClient(): Promise<MongoClient> {
  return (await getConnection()).client;
}

export async function getDb(): Promise<Db> {
  return (await getConnection()).db;
}

/**
 * Closes the cached client (scripts and tests; the server keeps it for its lifetime), once the
 * work started in the background (mails drained after an answer) has finished: closing under it
 * would fail it, or let it open a new client that nobody closes.
 */
export async function closeConnection(): Promise<void> {
  await settleBackgroundWork();
  const pending = globalCache.__storefrontMongo;
  globalCache.__storefrontMongo = undefined;
  if (pending) await (await pending.catch(() => undefined))?.client.close();
}
