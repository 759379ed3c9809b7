import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Collection, ObjectId } from 'mongodb';
import { whenQuiet } from '@/lib/core/activity';
import { afterResponse } from '@/lib/core/background';
import { getDb } from '@/lib/core/db';
import { sendMail } from '@/lib/core/mail';
import { mailOrigin } from '@/lib/core/mail/render';
import {
  registeredOutboxKinds,
  type OutboxEntry,
  type OutboxKinds,
  type OutboxRegistry,
  type OutgoingMail,
} from './outbox-registry';

/**
 * The mail outbox engine: a mail that must follow a change of state is queued in the same
 * single-document update that makes the change (an `outbox` array on the document: an order, a
 * quote), and a drainer sends it afterwards and removes it. Both writes touch one document,
 * so no transaction is needed: a change that did not happen queues nothing, and a crash after
 * the change cannot lose its mail.
 *
 * Delivery is at least once: an entry is claimed (a lease) before it is sent and removed after,
 * so two drainers never send it at the same time, and a drainer that dies mid-send leaves it
 * to be sent again when its lease ends. Failures are retried with growing delays for about two
 * days, then the entry is kept, marked failed, for the back office.
 */

export {
  outboxKinds,
  registerOutboxKinds,
  registeredOutboxKinds,
  type MailRenderer,
  type OutboxEntry,
  type OutboxKinds,
  type OutboxKindsLoader,
  type OutboxRegistry,
  type OutgoingMail,
} from './outbox-registry';

/** What `$push` needs to queue mails: spread it into the transition's `$push`. */
export interface OutboxPush {
  outbox: { $each: OutboxEntry[] };
}

/** How mails are queued: where their links start, and when they are due. */
export interface QueueOptions {
  origin: string;
  now?: Date;
  /**
   * Held for this long before they are due (default 0: due at once). For a change that has one
   * more step to take after its update (see `releaseMails`): the mails wait for it, and go out
   * after the hold even if that step never comes (a crash between the two writes).
   */
  holdMs?: number;
}

/**
 * Queues one mail in a state change's update:
 * `{ $set: { status: 'paid' }, $push: { history: entry, ...queueMail('order.paid', { origin }) } }`.
 * The mail is due at once; call `scheduleOutboxDrain()` after the update succeeded.
 */
export function queueMail(kind: string, options: QueueOptions & { to?: string }): OutboxPush {
  return queueMails([{ kind, to: options.to }], options);
}

/**
 * Queues several mails in one update (`$push` takes each field once, so two `queueMail`
 * fragments cannot be spread into the same update).
 */
export function queueMails(
  mails: { kind: string; to?: string }[],
  { origin, now = new Date(), holdMs = 0 }: QueueOptions,
): OutboxPush {
  const trusted = mailOrigin(origin);
  const due = new Date(now.getTime() + holdMs);
  return {
    outbox: {
      $each: mails.map(({ kind, to }) => ({
        id: randomUUID(),
        kind,
        ...(to ? { to } : {}),
        origin: trusted,
        createdAt: now,
        attempts: 0,
        nextAttemptAt: due,
      })),
    },
  };
}

/** The name of a collection whose documents carry an outbox. */
export type OutboxCollection = string;

/**
 * Makes mails queued with a hold (`holdMs`) due now, once the step they waited for is done:
 * only entries not attempted yet, so a drainer that already took one (the hold ran out) keeps
 * it. Call `scheduleOutboxDrain()` after it. Releases of concurrent changes share one update.
 */
export function releaseMails(
  collection: OutboxCollection,
  docId: ObjectId,
  entryIds: readonly string[],
): Promise<void> {
  if (entryIds.length === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    let pending = pendingReleases.get(collection);
    if (!pending) {
      pending = [];
      pendingReleases.set(collection, pending);
      setImmediate(() => flushReleases(collection));
    }
    pending.push({ docId, entryIds, resolve, reject });
  });
}

type PendingRelease = {
  docId: ObjectId;
  entryIds: readonly string[];
  resolve: () => void;
  reject: (error: unknown) => void;
};

/**
 * Releases asked for in the same turn of the event loop (concurrent orders), made as one update
 * of all their documents: entry ids are unique, so each document's held entries are exactly
 * those it was asked to release.
 */
const pendingReleases = new Map<OutboxCollection, PendingRelease[]>();

async function flushReleases(collection: OutboxCollection): Promise<void> {
  const releases = pendingReleases.get(collection) ?? [];
  pendingReleases.delete(collection);
  try {
    await (await getDb()).collection<OutboxDocument>(collection).updateMany(
      { _id: { $in: releases.map((release) => release.docId) } },
      { $set: { 'outbox.$[held].nextAttemptAt': new Date() } },
      {
        arrayFilters: [
          {
            'held.id': { $in: releases.flatMap((release) => [...release.entryIds]) },
            'held.attempts': 0,
          },
        ],
      },
    );
    for (const release of releases) release.resolve();
  } catch (error) {
    for (const release of releases) release.reject(error);
  }
}

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

/** A document with an outbox, as the drainer reads it. */
interface OutboxDocument {
  _id: ObjectId;
  outbox?: OutboxEntry[];
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
    while (attempts < limit) {
      await options.pause?.();
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
  if (!mail) console.info(`${label}: no longer applies, removed unsent`);
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
    console.warn(
      `${label}: attempt ${entry.attempts} failed (${reason}); next attempt ${next.toISOString()}`,
    );
    return 'retrying';
  }
  const marked = await collection.updateOne(ours, {
    $set: { 'outbox.$.failedAt': now, 'outbox.$.lastError': reason },
    $unset: { 'outbox.$.nextAttemptAt': '', 'outbox.$.claimedUntil': '', 'outbox.$.claimedBy': '' },
  });
  if (marked.matchedCount === 0) return 'busy';
  console.error(
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

/** A sweep starts at most this often per server process. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Under load (lib/core/activity.ts: BUSY_REQUESTS API requests in flight at once), a scheduled
 * drain sends its batches once the load has eased for OUTBOX_QUIET_MS; under a steady load it
 * waits at most OUTBOX_MAX_DEFER_MS in all, then drains as before, alongside the requests. So a
 * burst of orders is answered first and its mails follow it (each drain sends many at once),
 * instead of every order's request paying for a drain that renders mails while the next orders
 * wait. Without load the drain starts at once, as it always did.
 */
export const OUTBOX_QUIET_MS = 50;
export const OUTBOX_MAX_DEFER_MS = 30_000;

const drainCache = globalThis as typeof globalThis & {
  __storefrontOutboxDrain?: { running: Promise<void> | null; again: boolean; sweptAt: number };
};

function drainState() {
  return (drainCache.__storefrontOutboxDrain ??= { running: null, again: false, sweptAt: 0 });
}

/**
 * Drains the outbox after the response has been sent (a send never delays or fails the request
 * that queued it). Call it after every update that queued a mail. One drain runs at a time per
 * process; a call during a drain makes it run once more, for mails queued after it looked. Under
 * load its batches wait for the load to ease (OUTBOX_QUIET_MS, at most OUTBOX_MAX_DEFER_MS).
 */
export function scheduleOutboxDrain(): void {
  afterResponse('outbox', runDrain);
}

/**
 * The periodic sweep, for mails waiting for a retry: call it on ordinary requests (as the
 * order expiry sweep is called); it drains after the response at most once a minute per process.
 */
export function scheduleOutboxSweep(): void {
  const state = drainState();
  if (Date.now() - state.sweptAt < SWEEP_INTERVAL_MS) return;
  state.sweptAt = Date.now();
  scheduleOutboxDrain();
}

function runDrain(): Promise<void> {
  const state = drainState();
  if (state.running) {
    state.again = true;
    return state.running;
  }
  state.running = (async () => {
    const deadline = Date.now() + OUTBOX_MAX_DEFER_MS;
    const pause = () => whenQuiet(OUTBOX_QUIET_MS, deadline);
    do {
      state.again = false;
      await drainOutbox({ pause });
    } while (state.again);
  })().finally(() => {
    state.running = null;
  });
  return state.running;
}
