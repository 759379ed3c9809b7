import type { Collection, CreateIndexesOptions, Db, Document, IndexSpecification } from 'mongodb';

/**
 * Typed collections, declared by the features that own them. A feature names each of its
 * collections once, with its document type and the indexes it relies on:
 *
 *   export const collections = declareCollections({
 *     orders: collection<OrderDoc>('orders', [{ key: { userId: 1, createdAt: -1 } }]),
 *   });
 *
 * and reads and writes it through `collections(db).orders`, in its own store only. The kernel
 * never knows a feature's documents: it keeps the declarations (names and indexes) in one
 * registry, from which the start-up step (lib/startup/index.ts, `npm run db:migrate`) creates every
 * declared index.
 */

/** One index a feature relies on: its key and options, as `createIndex` takes them. */
export interface IndexDeclaration {
  key: IndexSpecification;
  options?: CreateIndexesOptions;
}

/** A declared collection: its name, its indexes, and the collection itself in a database. */
export interface DeclaredCollection<TDoc extends Document> {
  readonly name: string;
  readonly indexes: readonly IndexDeclaration[];
  in(db: Db): Collection<TDoc>;
}

const registry = new Map<string, DeclaredCollection<Document>>();

/**
 * Declares the collection `name`, holding `TDoc` documents, with the indexes its owner relies
 * on. A name is declared once, by one feature.
 */
export function collection<TDoc extends Document>(
  name: string,
  indexes: readonly IndexDeclaration[] = [],
): DeclaredCollection<TDoc> {
  if (registry.has(name)) throw new Error(`The collection "${name}" is declared twice.`);
  const declared: DeclaredCollection<TDoc> = {
    name,
    indexes,
    in: (db) => db.collection<TDoc>(name),
  };
  registry.set(name, declared as unknown as DeclaredCollection<Document>);
  return declared;
}

// Any document type: each entry keeps its own, which `CollectionsIn` reads back.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Declared = Record<string, DeclaredCollection<any>>;

/** A feature's collections in one database, each typed by its documents. */
export type CollectionsIn<T extends Declared> = {
  [K in keyof T]: T[K] extends DeclaredCollection<infer TDoc> ? Collection<TDoc> : never;
};

/**
 * A feature's getter of its own collections: `collections(db).orders`. The declarations are on
 * `collections.declared`.
 */
export function declareCollections<T extends Declared>(
  declared: T,
): ((db: Db) => CollectionsIn<T>) & { declared: T } {
  const getter = (db: Db) =>
    Object.fromEntries(
      Object.entries(declared).map(([key, value]) => [key, value.in(db)]),
    ) as CollectionsIn<T>;
  return Object.assign(getter, { declared });
}

/** Every collection declared so far (those of the modules loaded in this process). */
export function declaredCollections(): DeclaredCollection<Document>[] {
  return [...registry.values()];
}

/**
 * Creates every index of every declared collection. Idempotent: safe on every start. The
 * caller loads the features first (lib/startup/index.ts), so that all have declared theirs.
 */
export async function ensureDeclaredIndexes(db: Db): Promise<void> {
  await Promise.all(
    declaredCollections().flatMap((declared) =>
      declared.indexes.map((index) => declared.in(db).createIndex(index.key, index.options)),
    ),
  );
}
