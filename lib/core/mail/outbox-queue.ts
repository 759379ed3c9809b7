import 'server-only';
import { randomUUID } from 'node:crypto';
import type { ObjectId } from 'mongodb';
import { getDb } from '@/lib/core/db';
import { mailOrigin } from '@/lib/core/mail/render';
import type { OutboxDocument, OutboxEntry } from './outbox-registry';

/**
 * Queueing mails in the outbox (lib/core/mail/outbox.ts): the `$push` fragment a state change's
 * update carries, and the release of mails that were queued with a hold.
 */

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
