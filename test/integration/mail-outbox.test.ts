import { ObjectId } from 'mongodb';
import type { ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { recipients, startSmtpServer, withMailServerDown, type SmtpServer } from '../support/smtp';
import { logger } from '@/lib/core/log';

// The mail outbox against the real engine and a real SMTP server: mails queued in an order's
// own update are sent once by the drainer and removed, whatever number of drainers run, and
// survive the mail server being down. The clock is passed in, so retries need no waiting.
// The environment is set before any app module is imported (lib/core/env reads it once).

let smtp: SmtpServer;
let smtpPort: number;
let outbox: typeof import('@/lib/core/mail/outbox');
let kinds: typeof import('@/lib/startup/outbox');
let make: typeof import('../support/factories');
let db: typeof import('../support/db');
let background: typeof import('@/lib/core/background');
let jobs: typeof import('@/lib/core/jobs');

const origin = 'https://parts.forgeline.test';
const t0 = new Date('2026-12-02T09:30:00Z');
const at = (ms: number) => () => new Date(t0.getTime() + ms);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

beforeAll(async () => {
  smtp = await startSmtpServer();
  smtpPort = smtp.port;
  process.env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`;
  process.env.MAIL_FROM = 'Forgeline Parts <orders@forgeline.test>';
  process.env.ORDERS_TO = 'Order desk <desk@forgeline.test>';
  outbox = await import('@/lib/core/mail/outbox');
  kinds = await import('@/lib/startup/outbox');
  make = await import('../support/factories');
  db = await import('../support/db');
  background = await import('@/lib/core/background');
  jobs = await import('@/lib/core/jobs');
});

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  await smtp?.close();
  await db?.closeConnection();
});

async function orders() {
  return db.collections(await db.getDb()).orders;
}

/** A fresh unpaid order (or paid, with `paidWith`). */
async function freshOrder(options: { paidWith?: string } = {}) {
  const buyer = await make.makeUser({ name: 'Priya Raman' });
  const product = await make.makeProduct();
  const order = await make.makeOrder(buyer, product, options);
  return { order, buyer };
}

/** Queues mails on an order the way a transition does: in one update of that order. */
async function queue(
  orderId: string,
  kindsToQueue: import('@/lib/startup/outbox').MailKind[],
  now = t0,
) {
  const result = await (
    await orders()
  ).updateOne(
    { _id: new ObjectId(orderId) },
    {
      $push: outbox.queueMails(
        kindsToQueue.map((kind) => ({ kind })),
        { origin, now },
      ),
    },
  );
  expect(result.modifiedCount).toBe(1);
}

async function entriesOf(orderId: string) {
  const doc = await (await orders()).findOne({ _id: new ObjectId(orderId) });
  return doc?.outbox ?? [];
}

/** The mails received for one order (every order mail names its order id). */
const mailsFor = (orderId: string): ParsedMail[] =>
  smtp.messages.filter((mail) => mail.text?.includes(orderId));

describe('queueing', () => {
  it('gives the $push fragment of a transition: due at once, no attempt yet, origin checked', () => {
    const push = outbox.queueMail('order.paid', { origin: `${origin}/ignored/path`, now: t0 });
    expect(push.outbox.$each).toEqual([
      {
        id: expect.any(String),
        kind: 'order.paid',
        origin,
        createdAt: t0,
        attempts: 0,
        nextAttemptAt: t0,
      },
    ]);
    expect(() => outbox.queueMail('order.paid', { origin: '/dashboard' })).toThrow(TypeError);
  });

  it('queues nothing when the transition is refused (the same conditional update)', async () => {
    const { order } = await freshOrder();
    const refused = await (
      await orders()
    ).updateOne(
      { _id: new ObjectId(order._id), paid: true },
      { $set: { paidAt: t0 }, $push: outbox.queueMail('order.paid', { origin, now: t0 }) },
    );
    expect(refused.modifiedCount).toBe(0);
    expect(await entriesOf(order._id)).toEqual([]);
  });
});

describe('draining', () => {
  it('finds due mails through the outbox index', async () => {
    const plan = await (
      await orders()
    )
      .find({ outbox: { $elemMatch: { nextAttemptAt: { $lte: t0 } } } })
      .explain('queryPlanner');
    expect(JSON.stringify(plan.queryPlanner.winningPlan)).toContain('outbox.nextAttemptAt_1');
  });

  it('sends a queued mail once, to the buyer, and removes it', async () => {
    const { order, buyer } = await freshOrder();
    await queue(order._id, ['order.placed']);

    const result = await outbox.drainOutbox({ now: at(0) });
    expect(result).toEqual({ sent: 1, dropped: 0, retrying: 0, gaveUp: 0 });
    const mails = mailsFor(order._id);
    expect(mails).toHaveLength(1);
    expect(recipients(mails[0]!)).toEqual([buyer.email.toLowerCase()]);
    expect(mails[0]!.from).toMatchObject({ value: [{ address: 'orders@forgeline.test' }] });
    expect(mails[0]!.subject).toContain('to pay');
    expect(mails[0]!.html).toContain(`${origin}/dashboard/payment/${order._id}`);
    expect(mails[0]!.text).toContain(`${origin}/dashboard/payment/${order._id}`);
    expect(await entriesOf(order._id)).toEqual([]);

    expect(await outbox.drainOutbox({ now: at(HOUR) })).toMatchObject({ sent: 0 });
    expect(mailsFor(order._id)).toHaveLength(1);
  });

  it('starts no batch once its signal is aborted (its job lost its lease), and leaves the mails queued', async () => {
    const { order } = await freshOrder();
    await queue(order._id, ['order.placed']);
    const lost = new AbortController();
    lost.abort(new Error('lost its lease'));
    const result = await outbox.drainOutbox({ now: at(0), signal: lost.signal });
    expect(result).toEqual({ sent: 0, dropped: 0, retrying: 0, gaveUp: 0 });
    expect(mailsFor(order._id)).toHaveLength(0);
    expect(await entriesOf(order._id)).toHaveLength(1);
    // The run that holds the lease now sends it.
    expect(await outbox.drainOutbox({ now: at(0) })).toMatchObject({ sent: 1 });
  });

  it('sends the store its mail at ORDERS_TO and the buyer theirs, from the order as it is now', async () => {
    const { order, buyer } = await freshOrder({ paidWith: `pi_${Date.now()}` });
    await queue(order._id, ['order.paid', 'order.paid.store']);

    await outbox.drainOutbox({ now: at(0) });
    const mails = mailsFor(order._id);
    expect(mails).toHaveLength(2);
    const toStore = mails.find((mail) => recipients(mail).includes('desk@forgeline.test'));
    const toBuyer = mails.find((mail) => recipients(mail).includes(buyer.email.toLowerCase()));
    expect(toStore?.subject).toMatch(/^Order paid: /);
    expect(toBuyer?.subject).toMatch(/^Payment received/);
    expect(toBuyer?.text).toContain(`${origin}/api/orders/${order._id}/invoice`);
    expect(toBuyer?.text).toContain(order.transactionId!);
    expect(await entriesOf(order._id)).toEqual([]);
  });

  it('drops a mail that no longer applies instead of sending it', async () => {
    const info = vi.spyOn(logger, 'info').mockImplementation(() => {});
    const { order } = await freshOrder({ paidWith: `pi_${Date.now()}` });
    await queue(order._id, ['order.placed']);
    const result = await outbox.drainOutbox({ now: at(0) });
    expect(result).toEqual({ sent: 0, dropped: 1, retrying: 0, gaveUp: 0 });
    expect(info).toHaveBeenCalledWith(expect.stringMatching(/order.placed: no longer applies/));
    expect(mailsFor(order._id)).toHaveLength(0);
    expect(await entriesOf(order._id)).toEqual([]);
  });

  it('two drainers at once send each mail exactly once', async () => {
    const queued = await Promise.all(Array.from({ length: 6 }, () => freshOrder()));
    for (const { order } of queued) await queue(order._id, ['order.placed', 'order.cancelled']);

    const [first, second] = await Promise.all([
      outbox.drainOutbox({ now: at(0) }),
      outbox.drainOutbox({ now: at(0) }),
    ]);
    expect(first.sent + second.sent).toBe(12);
    for (const { order } of queued) {
      const mails = mailsFor(order._id);
      expect(mails.map((mail) => mail.subject).sort()).toEqual([
        expect.stringContaining('is cancelled'),
        expect.stringContaining('to pay'),
      ]);
      expect(await entriesOf(order._id)).toEqual([]);
    }
  });

  it('runs after the response when scheduled, and by its background job for the rest', async () => {
    // The real clock here: scheduled drains read it.
    const first = (await freshOrder()).order;
    await queue(first._id, ['order.placed'], new Date());
    outbox.scheduleOutboxDrain();
    await background.settleBackgroundWork();
    expect(mailsFor(first._id)).toHaveLength(1);

    // A mail nobody drained after its change (a retry, a hold that ended) goes with the job.
    const swept = (await freshOrder()).order;
    await queue(swept._id, ['order.placed'], new Date());
    expect(jobs.registeredJobs()).toContain(outbox.OUTBOX_JOB);
    expect(await jobs.runJobNow(outbox.OUTBOX_JOB)).toBe('ran');
    expect(mailsFor(swept._id)).toHaveLength(1);

    // While another process holds the job's lease, this one's run is refused: it sends nothing.
    const waiting = (await freshOrder()).order;
    await queue(waiting._id, ['order.placed'], new Date());
    const leases = (await db.getDb()).collection('jobLeases');
    await leases.updateOne(
      { _id: outbox.OUTBOX_JOB as never },
      { $set: { holder: 'another-process', until: new Date(Date.now() + 60_000) } },
    );
    expect(await jobs.runJobNow(outbox.OUTBOX_JOB)).toBe('busy');
    expect(mailsFor(waiting._id)).toHaveLength(0);
    await leases.updateOne(
      { _id: outbox.OUTBOX_JOB as never },
      { $set: { holder: null, until: new Date(0) } },
    );
    outbox.scheduleOutboxDrain();
    await background.settleBackgroundWork();
    expect(mailsFor(waiting._id)).toHaveLength(1);
  });
});

describe('failures', () => {
  it('keeps the mail while SMTP is down, throws nothing, and sends it when due and SMTP is back', async () => {
    const { order } = await freshOrder();
    await queue(order._id, ['order.placed']);
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {});

    await smtp.close();
    const down = await withMailServerDown(smtpPort, () => outbox.drainOutbox({ now: at(0) }));
    expect(down).toMatchObject({ sent: 0, retrying: 1 });
    const [entry] = await entriesOf(order._id);
    expect(entry).toMatchObject({ kind: 'order.placed', attempts: 1 });
    expect(entry!.nextAttemptAt).toEqual(new Date(t0.getTime() + MINUTE));
    expect(entry!.lastError).toBeTruthy();
    expect(entry!.claimedBy).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(
      /^\[outbox\] orders [0-9a-f]{24} order.placed: attempt 1 failed \(.+\); next attempt /,
    );

    smtp = await startSmtpServer(smtpPort);
    // Back up, but not yet due: nothing is sent.
    expect(await outbox.drainOutbox({ now: at(30_000) })).toMatchObject({ sent: 0 });
    expect((await entriesOf(order._id))[0]).toMatchObject({ attempts: 1 });
    // Due: sent once and removed.
    expect(await outbox.drainOutbox({ now: at(MINUTE) })).toMatchObject({ sent: 1 });
    expect(mailsFor(order._id)).toHaveLength(1);
    expect(await entriesOf(order._id)).toEqual([]);
  });

  it('retries with growing delays and gives up after about two days, keeping the entry marked failed', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(logger, 'error').mockImplementation(() => {});
    const { order } = await freshOrder();
    await queue(order._id, ['order.shipped']);
    // A drainer that does not know the kind (an older server during a deploy, or a typo):
    // logged each time, retried on the same schedule, never sent, then given up.
    const { 'order.shipped': _unknown, ...known } = kinds.outboxRegistry.orders;
    void _unknown;
    const registry = { orders: known };

    const delays: number[] = [];
    let now = 0;
    for (let round = 0; round < 20; round += 1) {
      const result = await outbox.drainOutbox({ now: at(now), registry });
      const [entry] = await entriesOf(order._id);
      if (result.gaveUp) break;
      expect(result.retrying).toBe(1);
      const next = entry!.nextAttemptAt!.getTime() - t0.getTime();
      delays.push(next - now);
      now = next;
    }
    expect(delays).toEqual([
      MINUTE,
      5 * MINUTE,
      30 * MINUTE,
      2 * HOUR,
      6 * HOUR,
      6 * HOUR,
      6 * HOUR,
      6 * HOUR,
      6 * HOUR,
      6 * HOUR,
      6 * HOUR,
    ]);
    const [failed] = await entriesOf(order._id);
    expect(failed).toMatchObject({ kind: 'order.shipped', attempts: 12 });
    expect(failed!.failedAt).toBeInstanceOf(Date);
    expect(failed!.nextAttemptAt).toBeUndefined();
    expect(failed!.lastError).toContain('unknown mail kind "order.shipped"');
    expect(warn).toHaveBeenCalledTimes(11);
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]![0]).toMatch(/gave up after 12 attempts/);

    // Never again, even much later and with a drainer that knows the kind.
    expect(await outbox.drainOutbox({ now: at(500 * HOUR) })).toMatchObject({ sent: 0 });
    expect(mailsFor(order._id)).toHaveLength(0);
    expect(await entriesOf(order._id)).toHaveLength(1);
  });

  it('passes a mail whose sender stalled past its claim to another drainer; the late failure changes nothing', async () => {
    vi.spyOn(logger, 'warn').mockImplementation(() => {});
    const { order } = await freshOrder();
    await queue(order._id, ['order.placed']);
    let release!: () => void;
    const stalled = new Promise<void>((resolve) => (release = resolve));
    const stallingRegistry = {
      orders: outbox.outboxKinds({
        'order.placed': async () => {
          await stalled;
          throw new Error('the sender stalled');
        },
      }),
    };

    const first = outbox.drainOutbox({ now: at(0), registry: stallingRegistry });
    // Wait until the first drainer holds the claim.
    await vi.waitFor(async () => expect((await entriesOf(order._id))[0]?.claimedBy).toBeTruthy());
    // Within the claim, another drainer leaves it alone.
    expect(await outbox.drainOutbox({ now: at(MINUTE) })).toMatchObject({ sent: 0 });
    // After it, the other drainer sends it.
    expect(await outbox.drainOutbox({ now: at(outbox.CLAIM_MS) })).toMatchObject({ sent: 1 });
    release();
    expect(await first).toEqual({ sent: 0, dropped: 0, retrying: 0, gaveUp: 0 });
    expect(mailsFor(order._id)).toHaveLength(1);
    expect(await entriesOf(order._id)).toEqual([]);
  });
});
