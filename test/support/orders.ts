import { ObjectId } from 'mongodb';
import { collections, getDb } from './db';
import { POST as placeOrderRoute } from '@/app/api/order/route';
import {
  DELETE as deleteOrderRoute,
  GET as ordersByEmailRoute,
  PATCH as recordPaymentRoute,
} from '@/app/api/order/[emailOrId]/route';
import { GET as orderRoute } from '@/app/api/orders/[id]/route';
import { PATCH as orderStatusRoute } from '@/app/api/orders/[id]/status/route';
import { GET as allOrdersRoute } from '@/app/api/allOrder/route';
import { POST as paymentIntentRoute } from '@/app/api/create-payment-intent/route';
import { POST as bankTransferRoute } from '@/app/api/orders/[id]/bank-transfer/route';
import { params, request } from './users';

// The order endpoints called the way the browser calls them, for the order test files. A file
// that sets the environment first (e.g. to a Stripe stand-in) imports this module dynamically,
// after doing so, like every other app module.

export type Who = { headers: Record<string, string> };
export const anonymous: Who = { headers: {} };

const noParams = params({});

/** A response's status and parsed JSON body. */
export async function json(response: Response | Promise<Response>) {
  const res = await response;
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

export async function stockOf(productId: string): Promise<number> {
  const product = await collections(await getDb()).products.findOne({
    _id: new ObjectId(productId),
  });
  return product!.availableQuantity;
}

export const orderDoc = async (id: string) =>
  collections(await getDb()).orders.findOne({ _id: new ObjectId(id) });

/** POST /api/order */
export const placeOrder = (who: Who, body: unknown) =>
  json(
    placeOrderRoute(
      request('/api/order', { method: 'POST', headers: who.headers, json: body }),
      noParams,
    ),
  );

/** GET /api/order/{email} */
export const ordersByEmail = (who: Who, email: string) =>
  json(
    ordersByEmailRoute(
      request(`/api/order/${encodeURIComponent(email)}`, { headers: who.headers }),
      params({ emailOrId: email }),
    ),
  );

/** GET /api/orders/{id} */
export const getOrder = (who: Who, id: string) =>
  json(orderRoute(request(`/api/orders/${id}`, { headers: who.headers }), params({ id })));

/**
 * GET /api/allOrder, every page of it: the pages followed by their `Link` rel="next" and put
 * together, so a test sees every order the list holds, however many pages it takes. The
 * status is the first page's, or the first that is not 200.
 */
export const allOrders = (who: Who) => everyOrderPage(who, '/api/allOrder');

/** DELETE /api/order/{id} */
export const deleteOrder = (who: Who, id: string) =>
  json(
    deleteOrderRoute(
      request(`/api/order/${id}`, { method: 'DELETE', headers: who.headers }),
      params({ emailOrId: id }),
    ),
  );

/** PATCH /api/order/{id} */
export const recordPayment = (who: Who, id: string, body: unknown) =>
  json(
    recordPaymentRoute(
      request(`/api/order/${id}`, { method: 'PATCH', headers: who.headers, json: body }),
      params({ emailOrId: id }),
    ),
  );

/** POST /api/create-payment-intent */
export const createPaymentIntent = (who: Who, orderId: string, price: unknown = 1) =>
  json(
    paymentIntentRoute(
      request('/api/create-payment-intent', {
        method: 'POST',
        headers: who.headers,
        json: { price, orderId },
      }),
      noParams,
    ),
  );

/** PATCH /api/orders/{id}/status */
export const changeStatus = (who: Who, id: string, body: unknown) =>
  json(
    orderStatusRoute(
      request(`/api/orders/${id}/status`, { method: 'PATCH', headers: who.headers, json: body }),
      params({ id }),
    ),
  );

/** GET /api/allOrder?status={status}, every page of it (as `allOrders`). */
export const allOrdersIn = (who: Who, status: string) =>
  everyOrderPage(who, `/api/allOrder?status=${encodeURIComponent(status)}`);

/** The next page's path in a `Link` header, if it names one. */
export function nextPageOf(link: string | null): string | null {
  return link?.match(/<([^>]+)>;\s*rel="next"/)?.[1] ?? null;
}

async function everyOrderPage(who: Who, path: string) {
  // Typed as the parsed bodies are, so callers read the orders as they read one page's.
  const orders: ReturnType<typeof JSON.parse>[] = [];
  for (let next: string | null = path; next;) {
    const response = await allOrdersRoute(request(next, { headers: who.headers }), noParams);
    const page = await json(response);
    if (page.status !== 200) return page;
    orders.push(...page.body);
    next = nextPageOf(response.headers.get('Link'));
  }
  return { status: 200, body: orders };
}

/** POST /api/orders/{id}/bank-transfer */
export const requestBankTransfer = (who: Who, id: string) =>
  json(
    bankTransferRoute(
      request(`/api/orders/${id}/bank-transfer`, { method: 'POST', headers: who.headers }),
      params({ id }),
    ),
  );

/** The Stripe customer of a buyer without a company (`user:<id>`), as the store keeps it. */
export async function customerIdOf(userId: string): Promise<string> {
  const { stripeCustomers } = collections(await getDb());
  return (await stripeCustomers.findOne({ _id: `user:${userId}` }))!.customerId;
}

/**
 * Reads `probe` until `accept` takes its value (a webhook delivered, a job done), at most `ms`:
 * answers the last value read either way, for the test to check.
 */
export async function waitFor<T>(
  probe: () => Promise<T>,
  accept: (value: T) => boolean,
  ms = 5_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
