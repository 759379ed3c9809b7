import fs from 'node:fs';
import path from 'node:path';
import { MongoClient, type Db } from 'mongodb';

let client: MongoClient | undefined;

/** The database of the server under test (the embedded engine in E2E_DATA_DIR). */
export async function testDb(): Promise<Db> {
  if (!client) {
    const dataDir = process.env.E2E_DATA_DIR;
    if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
    const state = JSON.parse(fs.readFileSync(path.join(dataDir, 'mongo.json'), 'utf8')) as {
      uri: string;
    };
    client = new MongoClient(state.uri);
    await client.connect();
  }
  return client.db(process.env.MONGODB_DB || 'storefront');
}

export async function closeTestDb(): Promise<void> {
  await client?.close();
  client = undefined;
}
