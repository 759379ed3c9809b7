import type { Document, ObjectId } from 'mongodb';

/**
 * The outbox's registry: which collections carry an outbox, and what each kind of mail queued
 * there sends. Kept apart from the engine (outbox.ts) so that a feature can register its kinds
 * where it declares its collection without loading the database client or the environment.
 */

/** One queued mail, in the `outbox` array of the document it is about. */
export interface OutboxEntry {
  /** Unique within the document. */
  id: string;
  /** What to send: a kind its feature registered for the document's collection. */
  kind: string;
  /** Sent here instead of the address the kind chooses (the buyer, ORDERS_TO). */
  to?: string;
  /** The origin the mail's links start from, as trusted by the request that queued it. */
  origin: string;
  createdAt: Date;
  /** Attempts started; counted when an entry is claimed, so one that crashed a sender counts. */
  attempts: number;
  /**
   * When the next attempt is due (while claimed: when the claim ends). Absent once given up,
   * which takes the entry out of every drain.
   */
  nextAttemptAt?: Date;
  /** While a drainer sends it: until when its claim holds, and whose claim it is. */
  claimedUntil?: Date;
  claimedBy?: string;
  /** Why the last attempt failed (one line). */
  lastError?: string;
  /** When it was given up: kept on the document, marked, for the back office. */
  failedAt?: Date;
}

/** A document with an outbox, as the outbox engine reads and updates it. */
export interface OutboxDocument {
  _id: ObjectId;
  outbox?: OutboxEntry[];
}

/** A mail ready for sendMail, as a kind's renderer makes it from the document. */
export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/**
 * Makes the mail of one kind from the document as it is when the mail is sent, or answers
 * null when the mail no longer applies (it is then removed unsent).
 */
export type MailRenderer<TDoc> = (
  doc: TDoc,
  entry: OutboxEntry,
) => OutgoingMail | null | Promise<OutgoingMail | null>;

/** The renderers of one collection's kinds, with their document type erased. */
export type OutboxKinds = Readonly<Record<string, MailRenderer<Document>>>;

/** The collections that have an outbox, each with the kinds of mail it can queue. */
export type OutboxRegistry = Readonly<Record<string, OutboxKinds>>;

/** Loads one collection's kinds (templates are loaded only when a drain needs them). */
export type OutboxKindsLoader = () => Promise<OutboxKinds>;

const registryCache = globalThis as typeof globalThis & {
  __storefrontOutboxKinds?: Map<string, OutboxKindsLoader>;
};

function registered(): Map<string, OutboxKindsLoader> {
  return (registryCache.__storefrontOutboxKinds ??= new Map());
}

/**
 * Registers the kinds of mail a feature queues on the documents of `collection`: the engine
 * drains that collection from then on. A feature registers when its mail-queuing module loads
 * (lib/orders/mails.ts, lib/quotes/index.ts), so the engine never imports a feature; the
 * registry is kept on globalThis, shared by every bundle of the server.
 */
export function registerOutboxKinds(collection: string, load: OutboxKindsLoader): void {
  registered().set(collection, load);
}

/** The collections with an outbox registered so far (the metrics count their queued mails). */
export function registeredOutboxCollections(): string[] {
  return [...registered().keys()];
}

/** The registered kinds of every collection with an outbox, loaded. */
export async function registeredOutboxKinds(): Promise<OutboxRegistry> {
  const entries = await Promise.all(
    [...registered()].map(async ([collection, load]) => [collection, await load()] as const),
  );
  return Object.fromEntries(entries);
}

/**
 * The kinds of one collection, typed by its document. The drainer hands each renderer a
 * document read from that collection, so erasing the type here is safe.
 */
export function outboxKinds<TDoc>(kinds: Record<string, MailRenderer<TDoc>>): OutboxKinds {
  return kinds as unknown as OutboxKinds;
}
