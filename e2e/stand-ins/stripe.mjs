// A local stand-in for the parts of Stripe's API the storefront uses, spoken the way Stripe
// speaks it: form-encoded requests (`metadata[orderId]=…`), JSON answers, Stripe-shaped errors,
// idempotency keys, and webhook events signed like Stripe's. The real `stripe` SDK talks to it
// (`new Stripe(key, { host, port, protocol: 'http' })`), and so does the stand-in Stripe.js of
// e2e/support/stripe-js.ts, from the browser (CORS). No network beyond 127.0.0.1.
//
// PaymentIntents: create, retrieve, update, list, confirm, cancel. PaymentMethods: create from
// card data (or a token), retrieve. Tokens: create from card data. Test cards as Stripe's:
// 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined (card_declined /
// generic_decline), 4000 0000 0000 9995 has insufficient funds, 4000 0000 0000 0069 is expired,
// 4000 0000 0000 0127 fails the CVC check, 4000 0000 0000 0119 has a processing error. The test
// payment methods pm_card_visa and pm_card_chargeDeclined work on the server side.
//
// Webhooks: payment_intent.succeeded, payment_intent.payment_failed and payment_intent.canceled
// are POSTed to `${appUrl}/api/webhooks/stripe`, signed with STRIPE_WEBHOOK_SECRET through
// `stripe.webhooks.generateTestHeaderString`, retried a few times if the app does not answer 2xx.
//
// Faults, for the tests of what the store does when Stripe fails: `failRequests({ mode })` (or
// `POST /__stand-in/faults` with the same JSON, from another process) makes the next API
// requests fail, until `count` of them have failed or the faults are cleared
// (`clearFaults()`, `DELETE /__stand-in/faults`). `mode: 'error'` answers 500 with Stripe's
// api_error body, remembered under the request's idempotency key as Stripe does (a retry with
// the same key is answered the same 500); `mode: 'hang'` never answers, so the client's
// timeout decides. By default only requests made with the secret key (the store's server)
// fail; `keys: 'any'` includes the browser's. `orderId` narrows the faults to requests about
// one order (creating an intent with that `metadata[orderId]`, or any call on such an intent),
// so that tests running at the same time against the same stand-in are not disturbed.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { STRIPE_PORT } from './ports.mjs';

// Fixed values: the publishable key is inlined into the browser bundle at build time, so it
// must not change between runs that share a build.
export const SECRET_KEY = 'sk_test_storefront_standin_secret';
export const PUBLISHABLE_KEY = 'pk_test_storefront_standin_publishable';
export const WEBHOOK_SECRET = 'whsec_storefront_standin_webhook';
export const API_VERSION = '2026-10-28.endive';

const MIN_AMOUNT = 50;
const MAX_AMOUNT = 99_999_999;

/** The test cards the stand-in knows, by number. */
const declines = {
  4000000000000002: {
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  4000000000009995: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  4000000000009987: {
    code: 'card_declined',
    decline_code: 'lost_card',
    message: 'Your card was declined.',
  },
  4000000000000069: {
    code: 'expired_card',
    decline_code: 'expired_card',
    message: 'Your card has expired.',
  },
  4000000000000127: {
    code: 'incorrect_cvc',
    decline_code: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
  4000000000000119: {
    code: 'processing_error',
    decline_code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
};

/** Stripe's test payment method ids, usable with a secret key. */
const testPaymentMethods = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_visa_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclinedExpiredCard: '4000000000000069',
};

const id = (prefix, bytes = 12) => `${prefix}_${randomBytes(bytes).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

class StripeApiError extends Error {
  constructor(status, error) {
    super(error.message);
    this.status = status;
    this.error = error;
  }
}

const invalid = (message, extra = {}) =>
  new StripeApiError(400, { type: 'invalid_request_error', message, ...extra });
const missing = (kind, value, param) =>
  new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${value}'`,
    doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
  });

/** Decodes Stripe's form encoding (`a[b][c]=v`, `list[0]=v`, `list[]=v`) into nested values. */
export function decodeForm(text) {
  const root = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const path = rawKey
      .match(/^[^[\]]+|\[[^\]]*\]/g)
      ?.map((part) => (part.startsWith('[') ? part.slice(1, -1) : part));
    if (!path || path.some((part) => part === '__proto__' || part === 'constructor')) continue;
    let node = root;
    path.forEach((part, index) => {
      const key = part === '' ? String(Object.keys(node).length) : part;
      if (index === path.length - 1) node[key] = value;
      else {
        if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
        node = node[key];
      }
    });
  }
  const arrays = (value) => {
    if (typeof value !== 'object' || value === null) return value;
    const keys = Object.keys(value);
    const entries = keys.map((key) => [key, arrays(value[key])]);
    if (keys.length > 0 && keys.every((key, index) => key === String(index))) {
      return entries.map(([, entry]) => entry);
    }
    return Object.fromEntries(entries);
  };
  return arrays(root);
}

function luhn(number) {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

function brandOf(number) {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'unknown';
}

const cardError = (code, message, param) =>
  new StripeApiError(402, {
    type: 'card_error',
    code,
    message,
    param,
    doc_url: `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}`,
  });

/** Checks card data as Stripe does when a payment method or token is created. */
function checkCard(card) {
  if (!card || typeof card !== 'object')
    throw invalid('Missing required param: card.', { code: 'parameter_missing', param: 'card' });
  const number = String(card.number ?? '').replace(/\s+/g, '');
  if (!number) throw cardError('invalid_number', 'Your card number is incomplete.', 'number');
  if (!/^\d{12,19}$/.test(number) || !luhn(number)) {
    throw cardError('incorrect_number', 'Your card number is incorrect.', 'number');
  }
  const month = Number(card.exp_month);
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw cardError(
      'invalid_expiry_month',
      "Your card's expiration month is invalid.",
      'exp_month',
    );
  }
  let year = Number(card.exp_year);
  if (!Number.isInteger(year)) {
    throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year');
  }
  if (year < 100) year += 2000;
  const today = new Date();
  if (
    year < today.getFullYear() ||
    (year === today.getFullYear() && month < today.getMonth() + 1)
  ) {
    throw cardError(
      'invalid_expiry_year',
      "Your card's expiration year is in the past.",
      'exp_year',
    );
  }
  if (card.cvc !== undefined && !/^\d{3,4}$/.test(String(card.cvc))) {
    throw cardError('invalid_cvc', "Your card's security code is invalid.", 'cvc');
  }
  return { number, exp_month: month, exp_year: year };
}

function cardDetails({ number, exp_month, exp_year }) {
  return {
    brand: brandOf(number),
    checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
    country: 'US',
    exp_month,
    exp_year,
    fingerprint: randomBytes(8).toString('hex'),
    funding: 'credit',
    last4: number.slice(-4),
    networks: { available: [brandOf(number)], preferred: null },
    three_d_secure_usage: { supported: true },
    wallet: null,
  };
}

function billingDetails(input = {}) {
  const address = input.address ?? {};
  return {
    address: {
      city: address.city ?? null,
      country: address.country ?? null,
      line1: address.line1 ?? null,
      line2: address.line2 ?? null,
      postal_code: address.postal_code ?? null,
      state: address.state ?? null,
    },
    email: input.email ?? null,
    name: input.name ?? null,
    phone: input.phone ?? null,
  };
}

function allowOnly(params, allowed) {
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key)) {
      throw invalid(`Received unknown parameter: ${key}`, {
        code: 'parameter_unknown',
        param: key,
      });
    }
  }
}

/**
 * Starts the stand-in. `port` defaults to the end-to-end environment's STRIPE_PORT; pass 0 for
 * any free port (integration tests). Resolves with the app's `env`, the base `url`, the
 * stand-in's `state` (PaymentIntents, PaymentMethods, events), the webhook `deliveries`, and
 * `stop()`.
 *
 * @param {{ appUrl?: string; port?: number; webhookUrl?: string }} [options]
 */
export async function start({ appUrl, port = STRIPE_PORT, webhookUrl } = {}) {
  const target = webhookUrl ?? (appUrl ? `${appUrl.replace(/\/$/, '')}/api/webhooks/stripe` : null);
  const signer = new Stripe(SECRET_KEY);
  const state = {
    paymentIntents: new Map(),
    paymentMethods: new Map(),
    tokens: new Map(),
    events: [],
    /** POST requests answered by idempotency key: `${apiKey} ${key}` -> first answer. */
    idempotency: new Map(),
  };
  /** Every webhook delivery: `{ event, payload, header, attempts: [status], delivered }`. */
  const deliveries = [];
  const timers = new Set();
  let stopped = false;
  let sending = true;
  /** The faults in force (see the top of this file), and what they did. */
  let faults = null;
  const faultLog = { failed: 0, hung: 0 };
  /** Requests held open by `mode: 'hang'`, closed when the stand-in stops. */
  const hanging = new Set();

  /**
   * @param {{ mode: 'error' | 'hang'; count?: number; keys?: 'secret' | 'any'; orderId?: string }} options
   */
  function failRequests({ mode, count, keys = 'secret', orderId }) {
    if (mode !== 'error' && mode !== 'hang') throw new Error(`unknown fault mode ${mode}`);
    if (keys !== 'secret' && keys !== 'any') throw new Error(`unknown fault keys ${keys}`);
    const remaining = count === undefined || count === null ? Infinity : Number(count);
    if (!(remaining > 0)) throw new Error(`fault count must be positive, not ${count}`);
    faults = { mode, remaining, keys, orderId: orderId ? String(orderId) : null };
    return faultStatus();
  }

  function clearFaults() {
    faults = null;
    return faultStatus();
  }

  function faultStatus() {
    return {
      mode: faults?.mode ?? null,
      keys: faults?.keys ?? null,
      orderId: faults?.orderId ?? null,
      remaining: faults ? (Number.isFinite(faults.remaining) ? faults.remaining : null) : 0,
      ...faultLog,
    };
  }

  /** The order an API request is about: the metadata it sends, or that of its intent. */
  function orderOf(pathname, params) {
    if (params.metadata?.orderId) return String(params.metadata.orderId);
    const intentId = /^\/v1\/payment_intents\/([^/]+)/.exec(pathname)?.[1];
    return (intentId && state.paymentIntents.get(intentId)?.metadata?.orderId) || null;
  }

  /** The fault this API request meets, if any (and counts it). */
  function takeFault(auth, pathname, params) {
    if (!faults || (faults.keys === 'secret' && auth.kind !== 'secret')) return null;
    if (faults.orderId && orderOf(pathname, params) !== faults.orderId) return null;
    const { mode } = faults;
    faults.remaining -= 1;
    if (faults.remaining <= 0) faults = null;
    if (mode === 'error') faultLog.failed += 1;
    else faultLog.hung += 1;
    return mode;
  }

  /** `/__stand-in/faults`: the fault switch for tests in another process than the stand-in. */
  function controlFaults(request, response, bodyText) {
    let result;
    let status = 200;
    try {
      if (request.method === 'POST') result = failRequests(JSON.parse(bodyText || '{}'));
      else if (request.method === 'DELETE') result = clearFaults();
      else if (request.method === 'GET') result = faultStatus();
      else throw new Error(`${request.method} is not supported here`);
    } catch (error) {
      status = 400;
      result = { error: error instanceof Error ? error.message : String(error) };
    }
    const text = JSON.stringify(result);
    response.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
    });
    response.end(text);
  }

  const sleep = (ms) =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  async function deliver(event, send = true) {
    const payload = JSON.stringify(event, null, 2);
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const delivery = { event, payload, header, attempts: [], delivered: false };
    deliveries.push(delivery);
    if (!target || !send) return delivery;
    for (let attempt = 0; attempt < 6 && !stopped; attempt += 1) {
      try {
        const response = await fetch(target, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'stripe-signature': header,
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer().catch(() => undefined);
        delivery.attempts.push(response.status);
        if (response.ok) {
          delivery.delivered = true;
          return delivery;
        }
      } catch (error) {
        delivery.attempts.push(error instanceof Error ? error.message : String(error));
      }
      await sleep(Math.min(250 * 2 ** attempt, 4000));
    }
    return delivery;
  }

  function emit(type, object, requestInfo) {
    const event = {
      id: id('evt', 12),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: target ? 1 : 0,
      request: { id: requestInfo.requestId, idempotency_key: requestInfo.idempotencyKey ?? null },
      type,
    };
    state.events.push(event);
    // Whether it is sent is decided when it happens (see pauseWebhooks).
    const send = sending;
    setImmediate(() => {
      if (!stopped) deliver(event, send).catch(() => undefined);
    });
    return event;
  }

  function createPaymentMethod(params) {
    if (params.type !== undefined && params.type !== 'card') {
      throw invalid(`The payment method type provided: ${params.type} is invalid.`, {
        code: 'payment_method_invalid_parameter',
        param: 'type',
      });
    }
    let card;
    if (params.card?.token) {
      const token = state.tokens.get(params.card.token);
      if (!token) throw missing('token', params.card.token, 'card[token]');
      if (token.used)
        throw invalid(`You cannot use a Stripe token more than once: ${token.id}.`, {
          code: 'token_already_used',
        });
      token.used = true;
      card = token.__card;
    } else {
      card = checkCard(params.card);
    }
    const paymentMethod = {
      id: id('pm', 12),
      object: 'payment_method',
      allow_redisplay: 'unspecified',
      billing_details: billingDetails(params.billing_details),
      card: cardDetails(card),
      created: now(),
      customer: null,
      livemode: false,
      metadata: params.metadata ?? {},
      type: 'card',
    };
    Object.defineProperty(paymentMethod, '__number', { value: card.number, enumerable: false });
    state.paymentMethods.set(paymentMethod.id, paymentMethod);
    return paymentMethod;
  }

  function resolvePaymentMethod(value) {
    if (testPaymentMethods[value]) {
      return createPaymentMethod({
        type: 'card',
        card: {
          number: testPaymentMethods[value],
          exp_month: 12,
          exp_year: new Date().getFullYear() + 2,
          cvc: '123',
        },
      });
    }
    const found = state.paymentMethods.get(value);
    if (!found) throw missing('PaymentMethod', value, 'payment_method');
    return found;
  }

  function findIntent(intentId) {
    const intent = state.paymentIntents.get(intentId);
    if (!intent) throw missing('payment_intent', intentId, 'intent');
    return intent;
  }

  /** With a publishable key, a PaymentIntent is reachable only with its client secret. */
  function checkClientSecret(auth, intent, params) {
    if (auth.kind === 'secret') return;
    if (params.client_secret !== intent.client_secret) {
      throw invalid(
        'The client_secret provided does not match the client_secret associated with the PaymentIntent.',
        { code: 'payment_intent_invalid_parameter', param: 'client_secret' },
      );
    }
  }

  const publicView = (auth, intent) => {
    if (auth.kind === 'secret') return intent;
    // Like Stripe: a publishable key does not see the metadata.
    const view = { ...intent };
    delete view.metadata;
    return view;
  };

  function confirmIntent(intent, params, requestInfo) {
    if (intent.status === 'succeeded') {
      throw invalid(
        'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
        { code: 'payment_intent_unexpected_state', payment_intent: structuredClone(intent) },
      );
    }
    if (intent.status === 'canceled') {
      throw invalid(
        'You cannot confirm this PaymentIntent because it has a status of canceled. Only a PaymentIntent with one of the following statuses may be confirmed: requires_confirmation, requires_action, requires_payment_method.',
        { code: 'payment_intent_unexpected_state', payment_intent: structuredClone(intent) },
      );
    }
    let paymentMethod;
    if (params.payment_method) paymentMethod = resolvePaymentMethod(params.payment_method);
    else if (params.payment_method_data)
      paymentMethod = createPaymentMethod(params.payment_method_data);
    else if (intent.payment_method) paymentMethod = resolvePaymentMethod(intent.payment_method);
    else {
      throw invalid(
        "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with a payment method, pass `payment_method`.",
        { code: 'payment_intent_unexpected_state', payment_intent: structuredClone(intent) },
      );
    }
    if (params.receipt_email) intent.receipt_email = params.receipt_email;
    intent.payment_method = paymentMethod.id;
    const decline = declines[paymentMethod.__number];
    const charge = id('ch', 12);
    if (decline) {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        type: 'card_error',
        charge,
        code: decline.code,
        decline_code: decline.decline_code,
        doc_url: `https://stripe.com/docs/error-codes/${decline.code.replaceAll('_', '-')}`,
        message: decline.message,
        payment_method: structuredClone(paymentMethod),
      };
      intent.latest_charge = charge;
      emit('payment_intent.payment_failed', intent, requestInfo);
      throw new StripeApiError(402, {
        type: 'card_error',
        code: decline.code,
        decline_code: decline.decline_code,
        message: decline.message,
        charge,
        doc_url: intent.last_payment_error.doc_url,
        payment_intent: structuredClone(intent),
        payment_method: structuredClone(paymentMethod),
        request_log_url: `https://dashboard.stripe.com/test/logs/${requestInfo.requestId}`,
      });
    }
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.amount_capturable = 0;
    intent.last_payment_error = null;
    intent.latest_charge = charge;
    emit('payment_intent.succeeded', intent, requestInfo);
    return intent;
  }

  const routes = [
    [
      'POST',
      /^\/v1\/payment_intents$/,
      (auth, params, _match, info) => {
        requireSecret(auth);
        allowOnly(params, [
          'amount',
          'currency',
          'allowed_payment_method_types',
          'payment_method_types',
          'automatic_payment_methods',
          'description',
          'receipt_email',
          'metadata',
          'payment_method',
          'confirm',
          'customer',
          'capture_method',
          'statement_descriptor',
          'statement_descriptor_suffix',
          'setup_future_usage',
          'expand',
        ]);
        if (params.amount === undefined) {
          throw invalid('Missing required param: amount.', {
            code: 'parameter_missing',
            param: 'amount',
          });
        }
        if (!/^\d+$/.test(params.amount)) {
          throw invalid('Invalid integer: ' + params.amount, {
            code: 'parameter_invalid_integer',
            param: 'amount',
          });
        }
        if (!params.currency) {
          throw invalid('Missing required param: currency.', {
            code: 'parameter_missing',
            param: 'currency',
          });
        }
        if (!/^[a-z]{3}$/.test(params.currency)) {
          throw invalid(`Invalid currency: ${params.currency}.`, { param: 'currency' });
        }
        const amount = Number(params.amount);
        if (amount < MIN_AMOUNT) {
          throw invalid('Amount must be at least $0.50 usd', {
            code: 'amount_too_small',
            param: 'amount',
          });
        }
        if (amount > MAX_AMOUNT) {
          throw invalid('Amount must be no more than $999,999.99', {
            code: 'amount_too_large',
            param: 'amount',
          });
        }
        const intentId = id('pi', 12);
        const types = params.allowed_payment_method_types ??
          params.payment_method_types ?? ['card'];
        const intent = {
          id: intentId,
          object: 'payment_intent',
          amount,
          amount_capturable: 0,
          amount_received: 0,
          allowed_payment_method_types: params.allowed_payment_method_types ?? null,
          automatic_payment_methods: null,
          canceled_at: null,
          cancellation_reason: null,
          capture_method: params.capture_method ?? 'automatic',
          client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
          confirmation_method: 'automatic',
          created: now(),
          currency: params.currency,
          customer: params.customer ?? null,
          description: params.description ?? null,
          last_payment_error: null,
          latest_charge: null,
          livemode: false,
          metadata: params.metadata ?? {},
          next_action: null,
          payment_method: null,
          payment_method_types: Array.isArray(types) ? types : [types],
          receipt_email: params.receipt_email ?? null,
          setup_future_usage: null,
          status: 'requires_payment_method',
        };
        state.paymentIntents.set(intentId, intent);
        if (params.payment_method) {
          intent.payment_method = resolvePaymentMethod(params.payment_method).id;
          intent.status = 'requires_confirmation';
        }
        if (params.confirm === 'true') confirmIntent(intent, {}, info);
        return intent;
      },
    ],
    [
      'GET',
      /^\/v1\/payment_intents$/,
      (auth, params) => {
        requireSecret(auth);
        const limit = Math.min(Math.max(Number(params.limit ?? 10), 1), 100);
        const all = [...state.paymentIntents.values()].reverse();
        return {
          object: 'list',
          data: all.slice(0, limit),
          has_more: all.length > limit,
          url: '/v1/payment_intents',
        };
      },
    ],
    [
      'GET',
      /^\/v1\/payment_intents\/([^/]+)$/,
      (auth, params, match) => {
        const intent = findIntent(match[1]);
        checkClientSecret(auth, intent, params);
        return publicView(auth, intent);
      },
    ],
    [
      'POST',
      /^\/v1\/payment_intents\/([^/]+)$/,
      (auth, params, match) => {
        requireSecret(auth);
        allowOnly(params, ['description', 'metadata', 'receipt_email', 'amount', 'expand']);
        const intent = findIntent(match[1]);
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          throw invalid(`This PaymentIntent's status is ${intent.status} and cannot be updated.`, {
            code: 'payment_intent_unexpected_state',
          });
        }
        if (params.description !== undefined) intent.description = params.description;
        if (params.receipt_email !== undefined) intent.receipt_email = params.receipt_email;
        if (params.amount !== undefined) intent.amount = Number(params.amount);
        if (params.metadata) {
          for (const [key, value] of Object.entries(params.metadata)) {
            if (value === '') delete intent.metadata[key];
            else intent.metadata[key] = value;
          }
        }
        return intent;
      },
    ],
    [
      'POST',
      /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      (auth, params, match, info) => {
        allowOnly(params, [
          'payment_method',
          'payment_method_data',
          'client_secret',
          'key',
          'receipt_email',
          'return_url',
          'expand',
          'use_stripe_sdk',
          'payment_method_options',
          'mandate_data',
        ]);
        const intent = findIntent(match[1]);
        checkClientSecret(auth, intent, params);
        return publicView(auth, confirmIntent(intent, params, info));
      },
    ],
    [
      'POST',
      /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
      (auth, params, match, info) => {
        requireSecret(auth);
        allowOnly(params, ['cancellation_reason', 'expand']);
        const intent = findIntent(match[1]);
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          throw invalid(
            `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
            { code: 'payment_intent_unexpected_state', payment_intent: structuredClone(intent) },
          );
        }
        intent.status = 'canceled';
        intent.canceled_at = now();
        intent.cancellation_reason = params.cancellation_reason ?? null;
        emit('payment_intent.canceled', intent, info);
        return intent;
      },
    ],
    [
      'POST',
      /^\/v1\/payment_methods$/,
      (_auth, params) => {
        allowOnly(params, ['type', 'card', 'billing_details', 'metadata', 'key', 'expand']);
        return createPaymentMethod(params);
      },
    ],
    [
      'GET',
      /^\/v1\/payment_methods\/([^/]+)$/,
      (auth, _params, match) => {
        requireSecret(auth);
        const found = state.paymentMethods.get(match[1]);
        if (!found) throw missing('PaymentMethod', match[1], 'payment_method');
        return found;
      },
    ],
    [
      'POST',
      /^\/v1\/tokens$/,
      (_auth, params) => {
        allowOnly(params, ['card', 'key']);
        const card = checkCard(params.card);
        const token = {
          id: id('tok', 12),
          object: 'token',
          card: {
            id: id('card', 12),
            object: 'card',
            ...cardDetails(card),
            name: params.card?.name ?? null,
          },
          client_ip: '127.0.0.1',
          created: now(),
          livemode: false,
          type: 'card',
          used: false,
        };
        Object.defineProperty(token, '__card', { value: card, enumerable: false });
        state.tokens.set(token.id, token);
        return token;
      },
    ],
    [
      'GET',
      /^\/v1\/events\/([^/]+)$/,
      (auth, _params, match) => {
        requireSecret(auth);
        const event = state.events.find((candidate) => candidate.id === match[1]);
        if (!event) throw missing('event', match[1], 'id');
        return event;
      },
    ],
  ];

  function requireSecret(auth) {
    if (auth.kind !== 'secret') {
      throw new StripeApiError(403, {
        type: 'invalid_request_error',
        code: 'secret_key_required',
        message:
          'This API call cannot be made with a publishable API key. Please use a secret API key.',
      });
    }
  }

  function authenticate(request, params) {
    const header = request.headers.authorization ?? '';
    const [scheme, value] = header.split(' ');
    const key = scheme?.toLowerCase() === 'bearer' ? value : params.key;
    if (!key) {
      throw new StripeApiError(401, {
        type: 'invalid_request_error',
        message:
          'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth.',
      });
    }
    if (key === SECRET_KEY) return { kind: 'secret', key };
    if (key === PUBLISHABLE_KEY) return { kind: 'publishable', key };
    throw new StripeApiError(401, {
      type: 'invalid_request_error',
      message: `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
    });
  }

  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
    'access-control-allow-headers':
      'Authorization, Content-Type, Idempotency-Key, Stripe-Version, Stripe-Account',
    'access-control-max-age': '600',
  };

  function answer(response, status, body, requestId) {
    const text = JSON.stringify(body, null, 2);
    response.writeHead(status, {
      ...cors,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      'request-id': requestId,
      'stripe-version': API_VERSION,
      ...(status >= 400 && status < 500 ? { 'stripe-should-retry': 'false' } : {}),
    });
    response.end(text);
  }

  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const requestId = id('req', 7);
      if (request.method === 'OPTIONS') {
        // Browsers may add headers of their own (test fixtures add x-forwarded-for): allow them.
        const asked = request.headers['access-control-request-headers'];
        response.writeHead(204, {
          ...cors,
          ...(asked
            ? {
                'access-control-allow-headers': `${cors['access-control-allow-headers']}, ${asked}`,
              }
            : {}),
        });
        response.end();
        return;
      }
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const bodyText = Buffer.concat(chunks).toString('utf8');
      if (url.pathname === '/__stand-in/faults') {
        controlFaults(request, response, bodyText);
        return;
      }
      const params =
        request.method === 'GET' ? decodeForm(url.search.slice(1)) : decodeForm(bodyText);
      try {
        const auth = authenticate(request, params);
        const idempotencyKey =
          request.method === 'POST' ? request.headers['idempotency-key'] : undefined;
        const cacheKey = idempotencyKey ? `${auth.key} ${idempotencyKey}` : null;
        if (cacheKey && state.idempotency.has(cacheKey)) {
          const first = state.idempotency.get(cacheKey);
          if (first.path !== url.pathname || first.body !== bodyText) {
            throw new StripeApiError(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            });
          }
          response.setHeader('idempotent-replayed', 'true');
          answer(response, first.status, first.answer, requestId);
          return;
        }
        const remember = (status, body) => {
          if (cacheKey) {
            state.idempotency.set(cacheKey, {
              path: url.pathname,
              body: bodyText,
              status,
              answer: body,
            });
          }
          answer(response, status, body, requestId);
        };
        const fault = url.pathname.startsWith('/v1/')
          ? takeFault(auth, url.pathname, params)
          : null;
        if (fault === 'hang') {
          hanging.add(response);
          response.once('close', () => hanging.delete(response));
          return;
        }
        if (fault === 'error') {
          // As Stripe: the endpoint began and failed, and the key keeps that answer.
          remember(500, {
            error: {
              type: 'api_error',
              message: 'An unknown error occurred',
              request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}`,
            },
          });
          return;
        }
        for (const [method, pattern, handle] of routes) {
          const match = method === request.method ? pattern.exec(url.pathname) : null;
          if (!match) continue;
          try {
            remember(
              200,
              structuredClone(handle(auth, params, match, { requestId, idempotencyKey })),
            );
          } catch (error) {
            if (!(error instanceof StripeApiError)) throw error;
            remember(error.status, { error: error.error });
          }
          return;
        }
        throw new StripeApiError(404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${request.method}: ${url.pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        });
      } catch (error) {
        if (error instanceof StripeApiError) {
          answer(response, error.status, { error: error.error }, requestId);
        } else {
          console.error('[stripe stand-in]', error);
          answer(
            response,
            500,
            { error: { type: 'api_error', message: 'An unknown error occurred' } },
            requestId,
          );
        }
      }
    });
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const url = `http://127.0.0.1:${server.address().port}`;

  return {
    env: {
      STRIPE_SECRET_KEY: SECRET_KEY,
      NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: url,
      // The stand-in answers on loopback in milliseconds; a short timeout keeps the tests of
      // a Stripe that does not answer (`mode: 'hang'`) short.
      STRIPE_TIMEOUT_MS: '5000',
    },
    url,
    state,
    deliveries,
    /** Signs and sends an event as Stripe would (e.g. to deliver one again). */
    deliver,
    /** Events are still recorded and signed in `deliveries`, but not sent, until resumed. */
    pauseWebhooks() {
      sending = false;
    },
    resumeWebhooks() {
      sending = true;
    },
    failRequests,
    clearFaults,
    faultStatus,
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const response of hanging) response.destroy();
      hanging.clear();
      server.closeAllConnections?.();
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
