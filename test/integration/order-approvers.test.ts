import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRole } from '@/lib/companies';
import type { Id } from '@/lib/core/ids';
import type { Actor } from '../support/users';

// An order awaiting approval as its pages read it, on the real engine: who can approve it (the
// company's owners and approvers by name, whatever their own limits, never its buyer), named to
// the company's members only; until when its parts are held; that its buyer is emailed the
// decision; and, once decided, who approved or rejected it, or that nobody did in time.

let db: typeof import('../support/db');
let users: typeof import('../support/users');
let api: typeof import('../support/orders');
let factories: typeof import('../support/factories');
let companyFixtures: typeof import('../support/companies');
let orders: typeof import('@/lib/orders');
let companies: typeof import('@/lib/companies');
let note: typeof import('@/components/approvals/OrderApprovalNote');
let dates: typeof import('@/lib/core/dates');
let approveRoute: typeof import('@/app/api/orders/[id]/approve/route').POST;
let rejectRoute: typeof import('@/app/api/orders/[id]/reject/route').POST;

beforeAll(async () => {
  db = await import('../support/db');
  users = await import('../support/users');
  api = await import('../support/orders');
  factories = await import('../support/factories');
  companyFixtures = await import('../support/companies');
  orders = await import('@/lib/orders');
  companies = await import('@/lib/companies');
  note = await import('@/components/approvals/OrderApprovalNote');
  dates = await import('@/lib/core/dates');
  approveRoute = (await import('@/app/api/orders/[id]/approve/route')).POST;
  rejectRoute = (await import('@/app/api/orders/[id]/reject/route')).POST;
});

afterAll(async () => {
  await db?.closeConnection();
});

const decide = (route: typeof approveRoute, who: Actor, id: string, json: unknown) =>
  api.json(
    route(
      users.request(`/api/orders/${id}/${route === approveRoute ? 'approve' : 'reject'}`, {
        method: 'POST',
        headers: who.headers,
        json,
      }),
      users.params({ id }),
    ),
  );

const makeCompany = (
  roles: Array<{ role: CompanyRole; limitCents?: number | null; name?: string }>,
) => companyFixtures.makeCompany(roles);

/** A product at $14.80 a unit, minimum 500 (one order of 500: $7,400.00). */
const product = () => factories.makeProduct({ availableQuantity: 10_000 });

async function place(who: Actor, productId: string) {
  const placed = await api.placeOrder(who, {
    productId,
    quantity: 500,
    address: '12 Mill Road, Sheffield',
    phone: '01142345678',
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body.insertedId as string;
}

/** The order and what `who` may read of its approval. */
async function seen(who: Actor, id: string) {
  const order = await orders.viewOrder(who.user, id);
  return { order, approval: await orders.approvalForViewer(who.user, order) };
}

/** The note's words as a person reads them on a page. */
async function words(who: Actor, id: string, on: 'order' | 'payment' = 'order') {
  const { order, approval } = await seen(who, id);
  const html = renderToStaticMarkup(
    createElement(note.OrderApprovalNote, { order, approval, on, testId: 'note' }),
  );
  return {
    order,
    html,
    text: html
      .replace(/<[^>]+>/g, ' ')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
      .trim(),
  };
}

describe('who can approve an order awaiting approval', () => {
  it('names the owners and approvers, whatever their own limits, never the buyer, to the company’s members only', async () => {
    const [admin, stranger] = await Promise.all([
      users.createActor('admin'),
      makeCompany([]).then((other) => other.owner),
    ]);
    const { owner, members } = await makeCompany([
      { role: 'owner', limitCents: 100_000, name: 'Oscar Owner' },
      // An approver's own limit ($1.00) bounds their own orders, not what they approve.
      { role: 'approver', limitCents: 100, name: 'Avery Approver' },
      { role: 'buyer', limitCents: 500_000, name: 'Bea Buyer' },
      { role: 'buyer', limitCents: null, name: 'Ben Buyer' },
      { role: 'accounts', name: 'Ada Accounts' },
    ]);
    const [oscar, avery, bea, ben, ada] = members;
    const part = await product();
    const id = await place(bea!, part._id);
    expect((await api.orderDoc(id))!.status).toBe('awaiting_approval');

    const everyone = [
      { name: 'Olive Owner', role: 'owner' },
      { name: 'Oscar Owner', role: 'owner' },
      { name: 'Avery Approver', role: 'approver' },
    ];
    expect(await seen(bea!, id).then((view) => view.approval)).toEqual({
      viewer: 'buyer',
      approvers: everyone,
      decidedBy: null,
    });
    for (const [who, viewer] of [
      [owner, 'decider'],
      [avery!, 'decider'],
      [ben!, 'member'],
      [ada!, 'member'],
    ] as const) {
      expect((await seen(who, id)).approval).toEqual({
        viewer,
        approvers: everyone,
        decidedBy: null,
      });
    }
    // A store admin sees the order, but not who in the company may approve it.
    const asAdmin = await words(admin, id);
    expect((await seen(admin, id)).approval).toEqual({
      viewer: 'outsider',
      approvers: null,
      decidedBy: null,
    });
    expect(asAdmin.text).toContain('An owner or approver of the buyer’s company must approve it.');
    for (const name of ['Olive Owner', 'Oscar Owner', 'Avery Approver']) {
      expect(asAdmin.text).not.toContain(name);
    }
    // Another company's owner does not reach the order at all.
    await expect(orders.viewOrder(stranger.user, id)).rejects.toMatchObject({
      refusal: { key: 'order.not_found' },
    });
    expect(await orders.orderForPaymentPage(stranger.user, id)).toBeNull();

    // The buyer reads why it waits, who can approve it, until when its parts are held, and that
    // they are emailed the decision.
    const asBuyer = await words(bea!, id);
    const until = dates.formatDateTime(asBuyer.order.payBy);
    // The approval hold (APPROVAL_HOLD_HOURS, 72) from the order's record.
    expect(
      new Date(asBuyer.order.payBy).getTime() - new Date(asBuyer.order.createdAt).getTime(),
    ).toBe(72 * 3_600_000);
    expect(asBuyer.text).toBe(
      [
        'This order waits for your company’s approval.',
        'Its total of $7,400.00 is above your approval limit of $5,000.00, so an owner or approver of your company must approve it before you can pay it.',
        'Any one of Olive Owner (owner), Oscar Owner (owner) or Avery Approver (approver) can approve it.',
        `Its parts are held for you until ${until}. If nobody approves it by then, it is cancelled and the parts go back into stock.`,
        `We will email you at ${bea!.user.email} when it is approved (with the link to pay it) or rejected (with the reason given), or if nobody approves it in time.`,
      ].join(' '),
    );
    // Its payment page says so instead of the payment, with a link to the order's page.
    const onPayment = await words(bea!, id, 'payment');
    expect(onPayment.text).toContain(
      'This order waits for your company’s approval. There is nothing to pay yet. Its total of $7,400.00',
    );
    expect(onPayment.html).toContain(`href="/dashboard/order/${id}"`);
    expect(onPayment.text).toContain('See the order’s page');
    // An approver reads where to decide it; an accounts member only who can.
    const asApprover = await words(avery!, id);
    expect(asApprover.text).toContain('You can approve or reject it on Approvals .');
    expect(asApprover.html).toContain('href="/dashboard/approvals"');
    expect(asApprover.text).toContain(
      'above the approval limit of its buyer, Bea Buyer ($5,000.00)',
    );
    expect(asApprover.text).toContain('Its buyer, Bea Buyer, is emailed when it is approved');
    expect((await words(ada!, id)).html).not.toContain('/dashboard/approvals');

    // An owner's own order above their limit names everyone else who can approve it.
    const own = await place(oscar!, part._id);
    expect((await seen(oscar!, own)).approval).toEqual({
      viewer: 'buyer',
      approvers: [
        { name: 'Olive Owner', role: 'owner' },
        { name: 'Avery Approver', role: 'approver' },
      ],
      decidedBy: null,
    });
  });

  it('says so when nobody but the buyer could approve it', async () => {
    const { owner, members } = await makeCompany([
      { role: 'owner', limitCents: 100_000, name: 'Oscar Owner' },
    ]);
    const [oscar] = members;
    // The other owner leaves: Oscar, limited, is the company's only owner.
    await companies.removeMember(owner.user, owner.user.id as Id);
    const part = await product();
    const id = await place(oscar!, part._id);
    expect((await seen(oscar!, id)).approval!.approvers).toEqual([]);
    expect((await words(oscar!, id)).text).toContain(
      'Nobody in your company can approve it now: only owners and approvers can, and nobody approves their own order. Ask an owner of your company to give someone the Approver role.',
    );
  });

  it('waits for the monthly limit: says what the month comes to', async () => {
    const { owner, members } = await makeCompany([
      { role: 'buyer', limitCents: null, name: 'Mia Monthly' },
    ]);
    const [mia] = members;
    const patched = await companyFixtures.patchMember(owner, mia!.user.id, {
      monthlyLimitCents: 1_000_000,
    });
    expect(patched.status).toBe(200);
    const part = await product();
    expect((await api.orderDoc(await place(mia!, part._id)))!.status).toBe('unpaid');
    const id = await place(mia!, part._id);
    expect((await words(mia!, id)).text).toContain(
      'It takes your orders this month to $14,800.00, above your monthly limit of $10,000.00, so an owner or approver of your company must approve it before you can pay it.',
    );
  });
});

describe('an order once its approval is decided', () => {
  it('reads who approved it, who rejected it and why, or that nobody approved it in time', async () => {
    const { owner, members } = await makeCompany([
      { role: 'approver', name: 'Avery Approver' },
      { role: 'buyer', limitCents: 100, name: 'Bea Buyer' },
    ]);
    const [avery, bea] = members;
    const part = await product();
    const [approved, rejected, lapsed] = [
      await place(bea!, part._id),
      await place(bea!, part._id),
      await place(bea!, part._id),
    ];

    expect((await decide(approveRoute, avery!, approved, {})).status).toBe(200);
    const yes = await words(bea!, approved);
    expect((await seen(bea!, approved)).approval).toEqual({
      viewer: 'buyer',
      approvers: null,
      decidedBy: 'Avery Approver',
    });
    expect(yes.text).toBe(
      `Approved by Avery Approver on ${dates.formatDateTime(yes.order.approval!.decidedAt!)}. It can be paid now: pay it by ${dates.formatDateTime(yes.order.payBy)}, or it is cancelled and its parts go back into stock.`,
    );
    expect((await words(bea!, approved, 'payment')).text).toBe(
      `Approved by Avery Approver on ${dates.formatDateTime(yes.order.approval!.decidedAt!)}.`,
    );

    const reason = { reason: 'Over budget this month.' };
    expect((await decide(rejectRoute, owner, rejected, reason)).status).toBe(200);
    const no = await words(bea!, rejected, 'payment');
    expect(no.text).toBe(
      [
        'Not approved',
        `Olive Owner did not approve this order on ${dates.formatDateTime(no.order.approval!.decidedAt!)}, so it was cancelled.`,
        'The reason given: “Over budget this month.”',
        'Its parts went back into stock, and nothing was charged.',
        'To order these parts, talk to Olive Owner first, then place a new order.',
        'See the order’s page',
      ].join(' '),
    );
    // The store's admin is told it was not approved, not by whom.
    const admin = await users.createActor('admin');
    expect((await words(admin, rejected)).text).toContain(
      'An owner or approver of the company did not approve this order on',
    );

    await orders.expireOverdueOrders(new Date(Date.now() + 73 * 3_600_000));
    const late = await words(bea!, lapsed);
    expect(late.order).toMatchObject({ status: 'cancelled', cancelReason: 'approval_expired' });
    expect(late.text).toBe(
      [
        'Not approved',
        `Nobody approved this order by ${dates.formatDateTime(late.order.payBy)}, so it was cancelled.`,
        'Its parts went back into stock, and nothing was charged.',
        'To order these parts, place a new order and ask an owner or approver of your company to approve it in time.',
      ].join(' '),
    );
    // As the waiting order said: its buyer is emailed that it was not approved in time.
    const doc = await api.orderDoc(lapsed);
    const kinds = await orders.loadOrderMailKinds();
    const entry = doc!.outbox!.find((item) => item.kind === 'order.cancelled')!;
    const mail = await kinds['order.cancelled']!(doc!, entry);
    expect(mail!.to).toBe(bea!.user.email);
  });
});
