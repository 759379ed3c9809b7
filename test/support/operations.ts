import path from 'node:path';
import { BSON, type Db, type Document, type MongoClient } from 'mongodb';
import { NextRequest } from 'next/server';
import type { ListedOperation } from '@/lib/api/contract/document';
import { errorBodySchema } from '@/lib/api/contract/failures';
import { errorStatus, type ErrorCode } from '@/lib/api/errors';
import { collections, getClient, getDb } from './db';

/**
 * The operations of the OpenAPI document called the way Next.js calls them: each operation's
 * route handler, found from its path, with a request and its path parameters. Shared by the
 * authorization matrix and the fuzzing tests, which enumerate the document with
 * `listOperations()` rather than a list of their own. Import it after the environment is set
 * (it imports lib/core/db, which reads lib/core/env).
 */

const root = path.resolve(import.meta.dirname, '../..');

/** Where our handlers' requests are made (the store's own origin, as `STORE_ORIGIN`). */
export const API_ORIGIN = 'http://127.0.0.1:3000';
/** Auth.js's requests carry a Host header, as a browser's do. */
const AUTH_ORIGIN = 'http://127.0.0.1:3000';

export type OperationKey = `${ListedOperation['method']} ${string}`;

export const operationKey = (operation: Pick<ListedOperation, 'method' | 'path'>): OperationKey =>
  `${operation.method} ${operation.path}`;

/** Whether Auth.js answers the operation (app/api/auth/[...nextauth]), not one of ours. */
export const isAuthJs = (operation: Pick<ListedOperation, 'path'>) =>
  operation.path.startsWith('/api/auth/');

/**
 * The route file of a path of the document: `/api/product/{productId}` is
 * app/api/product/[productId]/route.ts, and every `/api/auth/…` Auth.js's catch-all.
 */
export function routeFileOf(documentPath: string): string {
  if (documentPath.startsWith('/api/auth/')) {
    return path.join(root, 'app', 'api', 'auth', '[...nextauth]', 'route.ts');
  }
  const segments = documentPath
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/^\{(\w+)\}$/, '[$1]'));
  return path.join(root, 'app', ...segments, 'route.ts');
}

type RouteHandler = (
  request: Request,
  context: { params: Promise<Record<string, string>> },
) => Promise<Response>;

const handlers = new Map<string, RouteHandler>();

/** The exported handler of an operation's method in its route file. */
export async function handlerOf(
  operation: Pick<ListedOperation, 'method' | 'path'>,
): Promise<RouteHandler> {
  const key = operationKey(operation);
  let handler = handlers.get(key);
  if (!handler) {
    const routeModule = (await import(routeFileOf(operation.path))) as Record<string, unknown>;
    const exported = routeModule[operation.method];
    if (typeof exported !== 'function') {
      throw new Error(`${key}: ${routeFileOf(operation.path)} exports no ${operation.method}`);
    }
    handler = exported as RouteHandler;
    handlers.set(key, handler);
  }
  return handler;
}

/** Lone surrogates cannot be percent-encoded; the URL carries U+FFFD for them. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function pathSegment(value: string): string {
  return encodeURIComponent(value.replace(loneSurrogate, '\uFFFD'));
}

export interface OperationCall {
  /** The path parameters, handed to the handler as given (Next.js hands them decoded). */
  params?: Record<string, string>;
  /** The query string, without `?`. */
  query?: string;
  headers?: Record<string, string>;
  /** The raw body; `json` is sent as JSON with its content type instead. */
  body?: BodyInit | null;
  json?: unknown;
}

/** Calls an operation's handler as Next.js would for this request. */
export async function callOperation(
  operation: Pick<ListedOperation, 'method' | 'path'>,
  call: OperationCall = {},
): Promise<Response> {
  const handler = await handlerOf(operation);
  const params = call.params ?? {};
  const filled = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${operationKey(operation)}: no {${name}}`);
    return pathSegment(value);
  });
  const headers = new Headers(call.headers);
  let body = call.body ?? null;
  if (call.json !== undefined) {
    body = JSON.stringify(call.json);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const method = operation.method;
  const init = { method, headers, body: method === 'GET' ? null : body };
  const search = call.query ? `?${call.query}` : '';
  if (isAuthJs(operation)) {
    headers.set('host', new URL(AUTH_ORIGIN).host);
    return handler(new NextRequest(`${AUTH_ORIGIN}${filled}${search}`, init), {
      params: Promise.resolve({ nextauth: filled.split('/').slice(3).join('/') }),
    });
  }
  return handler(new Request(`${API_ORIGIN}${filled}${search}`, init), {
    params: Promise.resolve(params),
  });
}

/** A response read once: status, content type, text, and the JSON body when it is JSON. */
export interface Answer {
  status: number;
  contentType: string;
  text: string;
  json: unknown;
  headers: Headers;
}

export async function readAnswer(response: Response): Promise<Answer> {
  const text = await response.text();
  const contentType = response.headers.get('content-type') ?? '';
  let json: unknown = undefined;
  if (contentType.includes('application/json')) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  return { status: response.status, contentType, text, json, headers: response.headers };
}

/**
 * Why an answer is not the API's error shape `{ error: { code, message, details? } }` with the
 * status its code fixes, or null when it is.
 */
export function errorShapeProblem(answer: Answer): string | null {
  if (!answer.contentType.includes('application/json')) {
    return `content type ${answer.contentType || '(none)'}, not application/json`;
  }
  const parsed = errorBodySchema.safeParse(answer.json);
  if (!parsed.success) return `not the error shape: ${answer.text.slice(0, 300)}`;
  const status = errorStatus[parsed.data.error.code as ErrorCode];
  if (status !== answer.status) {
    return `code ${parsed.data.error.code} means ${status}, answered ${answer.status}`;
  }
  return null;
}

/**
 * Every document of every collection of this test file's database, GridFS included, as
 * canonical extended JSON keyed by collection, except the rate-limit counters, which count
 * refused requests too (sign-in failures, sign-ups, contact messages), by design, and the
 * background jobs' leases (lib/core/jobs.ts): the jobs' schedule is started by ordinary order
 * requests, refused ones included, and a run takes and gives back its lease whatever it finds
 * to do. What the jobs themselves change is still compared.
 *
 * The database is read again only when a command that may write has been sent since the last
 * snapshot (test/support/setup-env.ts turns on the driver's command events for this); otherwise
 * the last snapshot is the database as it is, and is answered. Without command events every call
 * reads.
 */
export async function databaseSnapshot(): Promise<Record<string, string>> {
  const db = await getDb();
  const skipped = skippedCollections(db);
  const watch = writeWatch(await getClient(), skipped);
  const cached = lastSnapshot;
  if (watch && cached && cached.db === db.databaseName && cached.writes === watch.count) {
    return cached.snapshot;
  }
  // Counted before reading: a write sent while the collections are read makes the next call
  // read again.
  const writes = watch?.count ?? -1;
  const snapshot = await readSnapshot(db, skipped);
  lastSnapshot = watch ? { db: db.databaseName, writes, snapshot } : null;
  return snapshot;
}

/** The collections a snapshot leaves out (see databaseSnapshot). */
function skippedCollections(db: Db): Set<string> {
  const { rateLimits, jobLeases } = collections(db);
  return new Set([rateLimits.collectionName, jobLeases.collectionName]);
}

let lastSnapshot: { db: string; writes: number; snapshot: Record<string, string> } | null = null;

/** The commands the store sends that only read. Any other command may write. */
const READ_COMMANDS = new Set([
  'find',
  'getMore',
  'aggregate',
  'count',
  'distinct',
  'listCollections',
  'listIndexes',
  'killCursors',
  'endSessions',
  'ping',
  'hello',
  'isMaster',
  'ismaster',
  'buildInfo',
  'dbStats',
  'collStats',
  'explain',
]);

/**
 * Whether a command may change what a snapshot holds: any command but a read, an aggregation
 * that writes ($out, $merge) included, unless it writes only a left-out collection.
 */
export function mayWrite(
  commandName: string,
  command: Document,
  skipped: ReadonlySet<string>,
): boolean {
  if (commandName === 'aggregate') {
    const stages = Array.isArray(command.pipeline) ? (command.pipeline as Document[]) : [];
    return stages.some((stage) => '$out' in stage || '$merge' in stage);
  }
  if (READ_COMMANDS.has(commandName)) return false;
  const target = command[commandName] as unknown;
  return !(typeof target === 'string' && skipped.has(target));
}

const writeWatches = new WeakMap<MongoClient, { count: number }>();

/**
 * The number of commands that may write sent through the client since it was first watched,
 * from the driver's command events; null when the client does not emit them.
 */
function writeWatch(client: MongoClient, skipped: ReadonlySet<string>): { count: number } | null {
  if (!client.options.monitorCommands) return null;
  let watch = writeWatches.get(client);
  if (!watch) {
    const counter = { count: 0 };
    client.on('commandStarted', (event) => {
      if (mayWrite(event.commandName, event.command, skipped)) counter.count += 1;
    });
    writeWatches.set(client, counter);
    watch = counter;
    // Nothing sent before the listener is known: the first snapshot always reads.
    lastSnapshot = null;
  }
  return watch;
}

async function readSnapshot(db: Db, skipped: ReadonlySet<string>): Promise<Record<string, string>> {
  const names = (await db.listCollections({}, { nameOnly: true }).toArray())
    .map((info) => info.name)
    .filter((name) => !skipped.has(name) && !name.startsWith('system.'))
    .sort();
  if (names.length === 0) return {};
  // Every collection in one aggregation (each collection's documents tagged with its name, in
  // _id order): two round trips in all rather than one per collection, for a snapshot that is
  // small but read often (the fuzzing and the matrices took 8% less time than with a find per
  // collection).
  const tagged = (name: string) => ({
    $project: { _id: 0, collection: { $literal: name }, doc: '$$ROOT' },
  });
  const [first, ...others] = names as [string, ...string[]];
  const rows = await db
    .collection(first)
    .aggregate<{ collection: string; doc: Document }>(
      [
        tagged(first),
        ...others.map((name) => ({ $unionWith: { coll: name, pipeline: [tagged(name)] } })),
        { $sort: { collection: 1, 'doc._id': 1 } },
      ],
      { batchSize: 100_000 },
    )
    .toArray();
  const byCollection = new Map<string, Document[]>();
  for (const { collection, doc } of rows) {
    const docs = byCollection.get(collection) ?? [];
    if (docs.length === 0) byCollection.set(collection, docs);
    docs.push(doc);
  }
  const snapshot: Record<string, string> = {};
  for (const [name, docs] of byCollection) {
    snapshot[name] = BSON.EJSON.stringify(docs, { relaxed: false });
  }
  return snapshot;
}

/** The collections whose documents differ between two snapshots, with how. */
export function snapshotChanges(
  before: Record<string, string>,
  after: Record<string, string>,
): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changes: string[] = [];
  for (const name of [...names].sort()) {
    if (before[name] === after[name]) continue;
    const count = (value?: string) => (value ? (JSON.parse(value) as unknown[]).length : 0);
    changes.push(
      `${name}: ${count(before[name])} → ${count(after[name])} documents, contents changed`,
    );
  }
  return changes;
}

/** Clears every rate-limit counter, so that a request is judged on its input, not a 429. */
export async function resetRateLimits(): Promise<void> {
  await collections(await getDb()).rateLimits.deleteMany({});
}
