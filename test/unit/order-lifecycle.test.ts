import { describe, expect, it } from 'vitest';
import {
  canTransition,
  forwardStatuses,
  isPaidStatus,
  LIVE_STATUSES,
  nextStatuses,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type ActorKind,
  type OrderStatus,
} from '@/lib/orders/lifecycle';
import { orderStatusChangeSchema, orderStatusFilterSchema } from '@/lib/orders/validation/order';

const ACTORS: readonly ActorKind[] = ['buyer', 'approver', 'admin', 'system', 'stripe'];

/**
 * The lifecycle written out move by move, independently of the table: every allowed move with
 * who may make it. Every pair of statuses not listed here must be refused, for every actor.
 */
const ALLOWED: Record<string, readonly ActorKind[]> = {
  // A company order above its placer's limit: an approver of the company decides; its placer
  // may withdraw it, an admin cancel it, and it lapses by itself.
  'awaiting_approval → unpaid': ['approver'],
  'awaiting_approval → cancelled': ['approver', 'buyer', 'admin', 'system'],
  // An order on account: confirmed when placed or approved (no unpaid step), then processed as
  // any order; its buyer or an admin may cancel it until it is processed.
  'awaiting_approval → confirmed': ['approver'],
  'confirmed → processing': ['admin'],
  'confirmed → shipped': ['admin'],
  'confirmed → cancelled': ['buyer', 'admin'],
  'unpaid → paid': ['stripe'],
  'unpaid → cancelled': ['buyer', 'admin', 'system'],
  'paid → processing': ['admin'],
  'paid → shipped': ['admin'],
  'processing → shipped': ['admin'],
  'shipped → delivered': ['admin'],
};

const pairs = ORDER_STATUSES.flatMap((from) =>
  ORDER_STATUSES.map((to) => [from, to] as [OrderStatus, OrderStatus]),
);

describe('the order lifecycle table', () => {
  it.each(pairs)('%s → %s: exactly the listed actors may make the move', (from, to) => {
    const allowed = ALLOWED[`${from} → ${to}`] ?? [];
    for (const actor of ACTORS) {
      expect(canTransition(from, to, actor), `${actor}: ${from} → ${to}`).toBe(
        allowed.includes(actor),
      );
    }
    expect(canTransition(from, to)).toBe(allowed.length > 0);
  });

  it('lists no move the independent list does not, and no status without a row', () => {
    const listed = Object.entries(ORDER_TRANSITIONS).flatMap(([from, row]) =>
      Object.keys(row).map((to) => `${from} → ${to}`),
    );
    expect(listed.sort()).toEqual(Object.keys(ALLOWED).sort());
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('never goes back: every move goes later in the lifecycle, and nothing leaves the end states', () => {
    for (const [from, to] of pairs) {
      if (canTransition(from, to)) {
        expect(ORDER_STATUSES.indexOf(to), `${from} → ${to}`).toBeGreaterThan(
          ORDER_STATUSES.indexOf(from),
        );
      }
    }
    for (const end of ['delivered', 'cancelled'] as const) {
      expect(ORDER_STATUSES.filter((to) => canTransition(end, to))).toEqual([]);
    }
  });

  it('refuses every move back, e.g. delivered → shipped, shipped → processing, paid → unpaid', () => {
    const backwards = pairs.filter(
      ([from, to]) => ORDER_STATUSES.indexOf(to) <= ORDER_STATUSES.indexOf(from),
    );
    // 8 statuses: 8 pairs of a status with itself, 28 pairs going back.
    expect(backwards.length).toBe(36);
    for (const [from, to] of backwards)
      expect(canTransition(from, to), `${from} → ${to}`).toBe(false);
  });

  it('cancels only orders not paid yet, and only a verified payment makes an order paid', () => {
    expect(ORDER_STATUSES.filter((from) => canTransition(from, 'cancelled'))).toEqual([
      'awaiting_approval',
      'unpaid',
      'confirmed',
    ]);
    expect(ORDER_STATUSES.filter((from) => canTransition(from, 'paid'))).toEqual(['unpaid']);
    // An order on account has no route to `paid` in the table at all: its flag turns true only
    // by its invoice (a verified Stripe event or an admin's recorded payment, lib/orders/account.ts).
    for (const actor of ACTORS) expect(canTransition('confirmed', 'paid', actor)).toBe(false);
    expect(canTransition('unpaid', 'paid', 'admin')).toBe(false);
    expect(canTransition('unpaid', 'paid', 'buyer')).toBe(false);
    expect(canTransition('awaiting_approval', 'paid')).toBe(false);
    // Only an approver approves: never the buyer, an admin or the store's own jobs.
    expect(nextStatuses('awaiting_approval', 'buyer')).toEqual(['cancelled']);
    expect(nextStatuses('awaiting_approval', 'approver')).toEqual([
      'unpaid',
      'confirmed',
      'cancelled',
    ]);
  });

  it('may skip processing but never shipped: a delivered order always had a tracking number', () => {
    expect(canTransition('paid', 'shipped', 'admin')).toBe(true);
    expect(canTransition('paid', 'delivered', 'admin')).toBe(false);
    expect(canTransition('processing', 'delivered', 'admin')).toBe(false);
  });

  it('offers each status its next ones, in lifecycle order', () => {
    expect(nextStatuses('unpaid', 'admin')).toEqual(['cancelled']);
    expect(nextStatuses('unpaid', 'stripe')).toEqual(['paid']);
    expect(forwardStatuses('unpaid')).toEqual([]);
    expect(forwardStatuses('confirmed')).toEqual(['processing', 'shipped']);
    expect(forwardStatuses('paid')).toEqual(['processing', 'shipped']);
    expect(forwardStatuses('processing')).toEqual(['shipped']);
    expect(forwardStatuses('shipped')).toEqual(['delivered']);
    expect(forwardStatuses('delivered')).toEqual([]);
    expect(forwardStatuses('cancelled')).toEqual([]);
  });

  it('keeps the spec’s paid flag: paid once past unpaid, never for a cancelled order', () => {
    expect(ORDER_STATUSES.filter(isPaidStatus)).toEqual([
      'paid',
      'processing',
      'shipped',
      'delivered',
    ]);
    expect(LIVE_STATUSES).toEqual([
      'awaiting_approval',
      'unpaid',
      'confirmed',
      'paid',
      'processing',
      'shipped',
      'delivered',
    ]);
  });
});

describe('the status change schema', () => {
  const issues = (value: unknown) => {
    const result = orderStatusChangeSchema.safeParse(value);
    return result.success
      ? {}
      : Object.fromEntries(
          result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
        );
  };

  it('accepts a forward move with a note, and shipped with carrier and tracking number', () => {
    expect(
      orderStatusChangeSchema.parse({ status: 'processing', note: '  Picking today ' }),
    ).toEqual({
      status: 'processing',
      note: 'Picking today',
    });
    expect(
      orderStatusChangeSchema.parse({
        status: 'shipped',
        carrier: ' DHL Freight ',
        trackingNumber: 'JD0146 0000 1234',
      }),
    ).toEqual({ status: 'shipped', carrier: 'DHL Freight', trackingNumber: 'JD0146 0000 1234' });
  });

  it('requires carrier and tracking number for shipped, blank ones included', () => {
    expect(issues({ status: 'shipped' })).toEqual({
      carrier: 'Carrier is Required to mark an order shipped',
      trackingNumber: 'Tracking number is Required to mark an order shipped',
    });
    expect(Object.keys(issues({ status: 'shipped', carrier: '  ', trackingNumber: '' }))).toEqual([
      'carrier',
      'trackingNumber',
    ]);
  });

  it('refuses paid, unpaid and unknown statuses, tracking on other moves, and long or odd text', () => {
    for (const status of ['paid', 'unpaid', 'lost', '', 3]) {
      expect(issues({ status }).status).toBe('Choose processing, shipped, delivered or cancelled');
    }
    expect(issues({ status: 'delivered', trackingNumber: 'X1' }).trackingNumber).toMatch(/shipped/);
    expect(issues({ status: 'processing', note: 'x'.repeat(501) }).note).toBe(
      'Note must be at most 500 characters',
    );
    expect(
      orderStatusChangeSchema.safeParse({ status: 'processing', note: 'x'.repeat(500) }).success,
    ).toBe(true);
    const shipped = { status: 'shipped', carrier: 'UPS' };
    expect(issues({ ...shipped, trackingNumber: '1Z<script>' }).trackingNumber).toBeDefined();
    expect(issues({ ...shipped, trackingNumber: '1'.repeat(41) }).trackingNumber).toBeDefined();
    expect(
      issues({ ...shipped, carrier: 'x'.repeat(61), trackingNumber: '1Z' }).carrier,
    ).toBeDefined();
    expect(
      issues({ ...shipped, carrier: 'UPS\nEvil', trackingNumber: '1Z' }).carrier,
    ).toBeDefined();
    expect(issues({ status: 'processing', extra: true })).not.toEqual({});
  });

  it('filters lists by any status, cancelled included', () => {
    for (const status of ORDER_STATUSES) expect(orderStatusFilterSchema.parse(status)).toBe(status);
    expect(orderStatusFilterSchema.safeParse('all').success).toBe(false);
  });
});
