import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Collection, ObjectId } from 'mongodb';
import { getDb } from '@/lib/core/db';
import { sendMail } from '@/lib/core/mail';
import {
  registeredOutboxKinds,
  type OutboxDocument,
  type OutboxEntry,
  type OutboxKinds,
  type OutboxRegistry,
  type OutgoingMail,
} from './outbox-registry';
import { logger } from '@/lib/core/log';

/**
 * Sending the outbox (lib/core/mail/outbox.ts): each due entry is claimed, rendered from its
 * document, sent and removed; a failure is retried with growing delays, then given up and kept.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The wait after the 1st, 2nd, ... failed attempt; every later one waits the last. */
export const RETRY_DELAYS_MS = [1 * MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR] as const;

/** No attempt is made later than this after queueing (about eleven attempts in all). */
export const GIVE_UP_AFTER_MS = 48 * HOUR;

/**
 * How long a drainer's claim on an entry holds: longer than a send can take (the SMTP
 * timeouts of lib/core/mail add up to 40 s), short enough that a mail whose sender died is sent
 * again soon.
 */
export const CLAIM_MS = 2 * MINUTE;

/** When to try again after `attempts` failed attempts, or null to give up. */
export function nextAttemptAfterFailure(
  entry: Pick<OutboxEntry, 'attempts' | 'createdAt'>,
  now: Date,
): Date | null {
  const delay = RETRY_DELAYS_MS[Math.min(entry.attempts, RETRY_DELAYS_MS.length) - 1] ?? 0;
  const next = new Date(now.getTime() + delay);
  return next.getTime() - entry.createdAt.getTime() > GIVE_UP_AFTER_MS ? null : next;
}

export interface DrainOptions {
  /** The clock (tests move it instead of waiting). */
  now?: () => Date;
  /** The kinds to send; those the features registered (`registerOutboxKinds`) unless told. */
  registry?: OutboxRegistry;
  /** At most this many attempts per drain, so one drain stays short. */
  limit?: number;
  /** Awaited before each batch (the scheduled drain waits there for a quiet moment). */
  pause?: () => Promise<void>;
  /**
   * Once aborted, no further batch starts (the `outbox.retry` job that lost its lease to another
   * process stops; the mails it had claimed finish or are retried).
   */
  signal?: AbortSignal;
}

export interface DrainResult {
  sent: number;
  /** Removed unsent: the renderer said the mail no longer applies. */
  dropped: number;
  /** Failed and kept for a later attempt. */
  retrying: number;
  /** Failed for the last time: kept on the document, marked failed. */
  gaveUp: number;
}

type Outcome = keyof DrainResult | 'busy';

/** How many documents one query of a drain reads, and how many are handled at once. */
const BATCH = 50;
const PARALLEL = 4;

/**
 * Sends every due mail of every collection in the registry, each at most once at a time
 * however many drainers run (on however many server instances). Never throws for a mail that
 * cannot be sent: the failure is logged in one line and the mail retried later.
 */
export async function drainOutbox(options: DrainOptions = {}): Promise<DrainResult> {
  const clock = options.now ?? (() => new Date());
  // Loaded here, not when registered: queueing a mail must not load every template.
  const registry = options.registry ?? (await registeredOutboxKinds());
  const limit = options.limit ?? 200;
  const result: DrainResult = { sent: 0, dropped: 0, retrying: 0, gaveUp: 0 };
  const db = await getDb();
  let attempts = 0;
  for (const [name, kinds] of Object.entries(registry)) {
    if (!kinds) continue;
    const collection = db.collection<OutboxDocument>(name);
    // Each round reads the documents with a due entry; an entry handled in a round is no
    // longer due (sent, removed, rescheduled, or claimed), so the rounds come to an end.
    while (attempts < limit && !options.signal?.aborted) {
      await options.pause?.();
      if (options.signal?.aborted) break;
      const due = await collection
        .find(
          { outbox: { $elemMatch: { nextAttemptAt: { $lte: clock() } } } },
          { projection: { outbox: 1 }, limit: BATCH },
        )
        .toArray();
      const work = due.flatMap((doc) =>
        (doc.outbox ?? [])
          .filter((entry) => entry.nextAttemptAt && entry.nextAttemptAt <= clock())
          .map((entry) => ({ docId: doc._id, entryId: entry.id })),
      );
      const batch = work.slice(0, limit - attempts);
      if (batch.length === 0) break;
      attempts += batch.length;
      const outcomes = await inParallel(batch, PARALLEL, ({ docId, entryId }) =>
        deliver({ collection, name, kinds, docId, entryId, clock }),
      );
      for (const outcome of outcomes) if (outcome !== 'busy') result[outcome] += 1;
      if (due.length < BATCH && outcomes.every((outcome) => outcome !== 'busy')) break;
    }
  }
  return result;
}

/** Claims one entry, renders its mail from the document, sends it, and removes it. */
async function deliver({
  collection,
  name,
  kinds,
  docId,
  entryId,
  clock,
}: {
  collection: Collection<OutboxDocument>;
  name: string;
  kinds: OutboxKinds;
  docId: ObjectId;
  entryId: string;
  clock: () => Date;
}): Promise<Outcome> {
  const now = clock();
  const claimedUntil = new Date(now.getTime() + CLAIM_MS);
  const claimant = randomUUID();
  // The claim: one conditional update on the entry, which only one drainer can win while it
  // is due. Its due time moves to the end of the claim, so nobody else sees it as due.
  const doc = await collection.findOneAndUpdate(
    { _id: docId, outbox: { $elemMatch: { id: entryId, nextAttemptAt: { $lte: now } } } },
    {
      $inc: { 'outbox.$.attempts': 1 },
      $set: {
        'outbox.$.nextAttemptAt': claimedUntil,
        'outbox.$.claimedUntil': claimedUntil,
        'outbox.$.claimedBy': claimant,
      },
    },
    { returnDocument: 'after' },
  );
  const entry = doc?.outbox?.find((candidate) => candidate.id === entryId);
  if (!doc || !entry) return 'busy';
  const label = `[outbox] ${name} ${docId.toHexString()} ${entry.kind}`;

  let mail: OutgoingMail | null;
  try {
    const render = kinds[entry.kind];
    if (!render) throw new Error(`unknown mail kind "${entry.kind}" for ${name}`);
    mail = await render(doc, entry);
    if (mail) {
      await sendMail({
        to: entry.to ?? mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
      });
    }
  } catch (error) {
    return failed({ collection, docId, entry, claimant, label, error, now: clock() });
  }
  await collection.updateOne({ _id: docId }, { $pull: { outbox: { id: entryId } } });
  if (!mail) logger.info(`${label}: no longer applies, removed unsent`);
  return mail ? 'sent' : 'dropped';
}

/** Records a failed attempt: retried later, or given up and kept marked failed. */
async function failed({
  collection,
  docId,
  entry,
  claimant,
  label,
  error,
  now,
}: {
  collection: Collection<OutboxDocument>;
  docId: ObjectId;
  entry: OutboxEntry;
  claimant: string;
  label: string;
  error: unknown;
  now: Date;
}): Promise<Outcome> {
  const reason = oneLine(error);
  const next = nextAttemptAfterFailure(entry, now);
  // Only while the claim is still ours: a claim that ran out belongs to another drainer now.
  const ours = { _id: docId, outbox: { $elemMatch: { id: entry.id, claimedBy: claimant } } };
  if (next) {
    const kept = await collection.updateOne(ours, {
      $set: { 'outbox.$.nextAttemptAt': next, 'outbox.$.lastError': reason },
      $unset: { 'outbox.$.claimedUntil': '', 'outbox.$.claimedBy': '' },
    });
    if (kept.matchedCount === 0) return 'busy';
    logger.warn(
      `${label}: attempt ${entry.attempts} failed (${reason}); next attempt ${next.toISOString()}`,
    );
    return 'retrying';
  }
  const marked = await collection.updateOne(ours, {
    $set: { 'outbox.$.failedAt': now, 'outbox.$.lastError': reason },
    $unset: { 'outbox.$.nextAttemptAt': '', 'outbox.$.claimedUntil': '', 'outbox.$.claimedBy': '' },
  });
  if (marked.matchedCount === 0) return 'busy';
  logger.error(
    `${label}: gave up after ${entry.attempts} attempts (${reason}); kept on the document, marked failed`,
  );
  return 'gaveUp';
}

/** An error as one short line for the log and the entry. */
function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 300) || 'unknown error';
}

/** Runs `task` over `items`, at most `width` at a time; answers the results in order. */
async function inParallel<T, R>(
  items: T[],
  width: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}
