// A local stand-in for the parts of Stripe's API the storefront uses, spoken the way Stripe
// speaks it: form-encoded requests (`metadata[orderId]=…`), JSON answers, Stripe-shaped errors,
// idempotency keys (every POST: the same key and body get the first answer again, another body
// Stripe's idempotency_error), and webhook events signed like Stripe's. The real `stripe` SDK
// talks to it (`new Stripe(key, { host, port, protocol: 'http' })`), and so does the stand-in
// Stripe.js of e2e/support/stripe-js.ts, from the browser (CORS). No network beyond 127.0.0.1.
// Object shapes, parameters, statuses and event types are those of the SDK's types for
// API_VERSION; unknown parameters are refused (parameter_unknown), missing objects are 404
// resource_missing, a call in the wrong state is a 400.
//
// PaymentIntents: create, retrieve, update, list, confirm, cancel. PaymentMethods: create from
// card data (or a token), retrieve. Tokens: create from card data. Test cards as Stripe's:
// 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined (card_declined /
// generic_decline), 4000 0000 0000 9995 has insufficient funds, 4000 0000 0000 0069 is expired,
// 4000 0000 0000 0127 fails the CVC check, 4000 0000 0000 0119 has a processing error. The test
// payment methods pm_card_visa and pm_card_chargeDeclined work on the server side. A card
// intent is at most $999,999.99.
//
// Bank transfers (customer balance): a PaymentIntent with a `customer`,
// `payment_method_types[]=customer_balance`, `payment_method_data[type]=customer_balance`,
// `payment_method_options[customer_balance][funding_type]=bank_transfer` and
// `[bank_transfer][type]=us_bank_transfer`, confirmed, waits in `requires_action` with
// `next_action.display_bank_transfer_instructions` (ABA account, reference, amount_remaining,
// hosted instructions at /__stand-in/bank-transfer-instructions/{pi}); no card maximum applies.
// `POST /v1/test_helpers/customers/{id}/fund_cash_balance` (the SDK's
// `testHelpers.customers.fundCashBalance`) is a transfer arriving: the cash goes to that
// customer's waiting intents (the one whose reference matches first, then oldest first; part of
// the amount: payment_intent.partially_funded, all of it: payment_intent.succeeded), then to
// their open invoices whose payment_settings allow customer_balance (invoice number as the
// reference first, then oldest first); what is left stays in the cash balance
// (`GET /v1/customers/{id}/cash_balance`, `…/cash_balance_transactions`).
//
// Customers: create, retrieve, update (`customer.updated` with `previous_attributes`; drafts
// take the new name, email and address, as Stripe's do until finalised); tax ids: create, list,
// retrieve, delete (`/v1/customers/{id}/tax_ids`), and a customer's bank-transfer funding instructions
// (`POST /v1/customers/{id}/funding_instructions`, us_bank_transfer: the same account its
// bank-transfer intents show). Invoices: create (draft), retrieve, delete (a draft), list (customer, status,
// collection_method), list lines (`/v1/invoices/{id}/lines`: an invoice carries its first 10
// lines, `has_more` and `total_count`, as Stripe's), finalize, send, pay (`paid_out_of_band`, or
// a card `payment_method`), void, mark_uncollectible. Invoice items: create (`amount`, or
// `quantity`/`quantity_decimal` with `unit_amount_decimal`; on a draft `invoice` or pending for
// the customer's next invoice), retrieve. A finalized invoice has `hosted_invoice_url`
// (/__stand-in/hosted-invoices/{id}: a small page with a Pay button) and `invoice_pdf`
// (/__stand-in/invoice-pdfs/{id}.pdf, a one-page PDF). The customer pays there as on Stripe's
// hosted page: `POST /__stand-in/hosted-invoices/{id}/pay` (a form post, or JSON from tests in
// another process: `{ amount?, fail? }`, `amount` in cents for a part, all that remains by
// default; `fail: true` is a declined card). Events: `GET /v1/events/{id}`, `GET /v1/events`.
//
// Webhooks: payment_intent.succeeded, payment_intent.payment_failed, payment_intent.canceled,
// payment_intent.requires_action, payment_intent.partially_funded, customer.created,
// customer.updated, customer.tax_id.created, customer_cash_balance_transaction.created,
// cash_balance.funds_available, invoice.created, invoice.deleted, invoiceitem.created, invoice.finalized,
// invoice.sent, invoice.updated (a part paid), invoice.paid, invoice.payment_succeeded,
// invoice.payment_failed, invoice.voided and invoice.marked_uncollectible, each with the whole
// object as it is after the change, are kept in `state.events` and POSTed to
// `${appUrl}/api/webhooks/stripe` (or `webhookUrl`), signed with STRIPE_WEBHOOK_SECRET through
// `stripe.webhooks.generateTestHeaderString`, retried a few times if the app does not answer
// 2xx.
//
// Faults, for the tests of what the store does when Stripe fails: `failRequests({ mode })` (or
// `POST /__stand-in/faults` with the same JSON, from another process) makes the next API
// requests fail, until `count` of them have failed or the faults are cleared
// (`clearFaults()`, `DELETE /__stand-in/faults`). `mode: 'error'` answers 500 with Stripe's
// api_error body, remembered under the request's idempotency key as Stripe does (a retry with
// the same key is answered the same 500); `mode: 'hang'` never answers, so the client's
// timeout decides. By default only requests made with the secret key (the store's server)
// fail; `keys: 'any'` includes the browser's. `orderId` narrows the faults to requests about
// one order: creating an intent or an invoice with that `metadata[orderId]`, any call on such
// an intent or invoice, or an invoice item added to such an invoice. `companyId` narrows them
// to requests about one company: creating or updating a customer with that
// `metadata[companyId]`, any call on such a customer (tax ids, cash balance, funding), and any
// call about an invoice, invoice item or intent of such a customer. Both together narrow to
// requests that match both. So tests running at the same time against the same stand-in are
// not disturbed.
import http from 'node:http';
import { randomBytes, randomInt } from 'node:crypto';
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

function allowOnly(params, allowed, prefix = '') {
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key)) {
      const param = prefix ? `${prefix}[${key}]` : key;
      throw invalid(`Received unknown parameter: ${param}`, {
        code: 'parameter_unknown',
        param,
      });
    }
  }
}

const DAY = 86_400;
/** A sanity bound for bank transfers (no card maximum applies to them). */
const MAX_BANK_TRANSFER_AMOUNT = 99_999_999_999;
/** Lines an invoice carries inline; the rest are listed at /v1/invoices/{id}/lines. */
const INLINE_LINES = 10;
const MAX_INVOICE_ITEMS = 250;
const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'];
/** The payment method types an invoice's payment_settings accept (those of the SDK's types). */
const INVOICE_PAYMENT_METHOD_TYPES = `ach_debit acss_debit affirm alipay amazon_pay au_becs_debit
  bacs_debit bancontact billie blik boleto card cashapp crypto custom customer_balance eps fpx
  giropay grabpay ideal jp_credit_transfer kakao_pay klarna konbini kr_card link mb_way
  multibanco naver_pay nz_bank_account p24 pay_by_bank payco paynow paypal payto pix promptpay
  revolut_pay satispay sepa_credit_transfer sepa_debit sequra sofort swish twint upi
  us_bank_account wechat_pay`.split(/\s+/);
/** The tax id types a customer's tax id may have (those of the SDK's types). */
const TAX_ID_TYPES = `ad_nrt ae_trn al_tin am_tin ao_tin ar_cuit au_abn au_acn au_arn au_wpn
  aw_tin az_tin ba_tin bb_tin bd_bin bf_ifu bg_uic bh_vat bj_ifu bo_tin br_cnpj br_cpf bs_tin
  bw_vat by_tin ca_bn ca_gst_hst ca_pst_bc ca_pst_mb ca_pst_sk ca_qst cd_nif ch_uid ch_vat ci_vat
  cl_tin cm_niu cn_tin co_nit cr_tin cv_nif cz_dic de_stn do_rcn ec_ruc eg_tin es_cif et_tin
  eu_oss_vat eu_vat fo_vat fr_siren fr_siret fr_spi gb_vat ge_vat gh_tin gi_tin gn_nif hk_br
  hr_oib hu_tin ic_nif id_npwp il_vat in_gst is_kt is_vat it_cf jp_cn jp_rn jp_trn ke_pin kg_tin
  kh_tin kr_brn kz_bin la_tin li_uid li_vat lk_vat ma_vat md_cf md_vat me_pib mk_vat mr_nif
  mu_vat mx_rfc my_frp my_itn my_sst mz_nuit ng_tin no_vat no_voec np_pan nz_bn nz_gst om_vat
  pe_ruc ph_tin pl_nip pt_nif py_ruc ro_tin rs_pib ru_inn ru_kpp sa_vat sg_gst sg_uen si_tin
  sm_coe sn_ninea sr_fin sv_nit th_vat tj_tin tr_tin tt_bir tt_vat tw_vat tz_vat ua_vat ug_tin
  us_ein uy_ruc uz_tin uz_vat ve_rif vn_tin za_vat zm_tin zw_tin`.split(/\s+/);
/** Formats Stripe checks itself, for the tax id types a B2B store meets most. */
const TAX_ID_FORMATS = {
  us_ein: /^\d{2}-?\d{7}$/,
  eu_vat:
    /^(AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI)[0-9A-Z+*]{2,13}$/,
  gb_vat: /^GB(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
  ca_bn: /^\d{9}$/,
  au_abn: /^\d{11}$/,
  ch_vat: /^CHE-?\d{3}\.?\d{3}\.?\d{3} ?(MWST|TVA|IVA)$/,
};
/** Tax id types Stripe verifies with a government service: their verification starts pending. */
const VERIFIED_TAX_ID_TYPES = ['eu_vat', 'gb_vat', 'au_abn'];
const ZERO_DECIMAL_CURRENCIES = `bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof
  xpf`.split(/\s+/);

const missingParam = (param) =>
  invalid(`Missing required param: ${param}.`, { code: 'parameter_missing', param });

/** A string parameter, at most `max` characters (Stripe's `Invalid string` answer). */
function stringParam(value, param, max = 5000) {
  if (value === undefined) return undefined;
  if (typeof value !== 'string')
    throw invalid(`Invalid string: ${JSON.stringify(value)}`, { param });
  if (value.length > max) {
    throw invalid(`Invalid string: ${value.slice(0, 20)}...; must be at most ${max} characters`, {
      param,
    });
  }
  return value;
}

function booleanParam(value, param) {
  if (value === undefined) return undefined;
  if (value === 'true' || value === true) return true;
  if (value === 'false' || value === false) return false;
  throw invalid(`Invalid boolean: ${value}`, { code: 'parameter_invalid_boolean', param });
}

function integerParam(value, param, { min = -Infinity, max = Infinity } = {}) {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw invalid(`Invalid integer: ${value}`, { code: 'parameter_invalid_integer', param });
  }
  const number = Number(value);
  if (number < min) {
    throw invalid(`This value must be greater than or equal to ${min}.`, { param });
  }
  if (number > max) throw invalid(`This value must be less than or equal to ${max}.`, { param });
  return number;
}

/** An array parameter (`list[0]=a` or `list[]=a`); the empty string empties it (Emptyable). */
function arrayParam(value, param) {
  if (value === undefined) return undefined;
  if (value === '') return [];
  if (!Array.isArray(value)) throw invalid('Invalid array', { param });
  return value;
}

function currencyParam(value, param = 'currency') {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[a-z]{3}$/i.test(value)) {
    throw invalid(`Invalid currency: ${value}.`, { param });
  }
  return value.toLowerCase();
}

function checkMetadata(metadata, param = 'metadata') {
  const keys = Object.keys(metadata);
  if (keys.length > 50) {
    throw invalid('You can only specify up to 50 keys in metadata.', { param });
  }
  for (const key of keys) {
    if (typeof metadata[key] !== 'string') {
      throw invalid(`Invalid value for metadata key ${key}: must be a string.`, {
        param: `${param}[${key}]`,
      });
    }
    if (key.length > 40) {
      throw invalid(`Metadata keys can have up to 40 characters; ${key} has ${key.length}.`, {
        param: `${param}[${key}]`,
      });
    }
    if (metadata[key].length > 500) {
      throw invalid(`Metadata values can have up to 500 characters; ${key} has more.`, {
        param: `${param}[${key}]`,
      });
    }
  }
  return metadata;
}

/** Metadata as given at creation: `metadata=''` is none; empty values are left out. */
function metadataParam(value, param = 'metadata') {
  if (value === undefined || value === '') return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid('Invalid object', { param });
  }
  return checkMetadata(
    Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== '')),
    param,
  );
}

/** Metadata as an update changes it: an empty value unsets its key, `metadata=''` all keys. */
function mergeMetadata(current, value, param = 'metadata') {
  if (value === undefined) return current;
  if (value === '') return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid('Invalid object', { param });
  }
  const next = { ...current };
  for (const [key, entry] of Object.entries(value)) {
    if (entry === '') delete next[key];
    else next[key] = entry;
  }
  return checkMetadata(next, param);
}

/** A postal address parameter (AddressParam); the empty string unsets it (null). */
function addressParam(value, param = 'address') {
  if (value === undefined) return undefined;
  if (value === '') return null;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid('Invalid object', { param });
  }
  allowOnly(value, ['city', 'country', 'line1', 'line2', 'postal_code', 'state'], param);
  const field = (name) => stringParam(value[name], `${param}[${name}]`, 200) ?? null;
  return {
    city: field('city'),
    country: field('country'),
    line1: field('line1'),
    line2: field('line2'),
    postal_code: field('postal_code'),
    state: field('state'),
  };
}

/**
 * A decimal parameter (`unit_amount_decimal`, `quantity_decimal`: at most 12 decimal places), as
 * an exact value: `{ coefficient, scale, text }` is coefficient × 10^-scale.
 */
function decimalParam(value, param, { nonNegative = false } = {}) {
  const match = typeof value === 'string' ? /^(-)?(\d+)(?:\.(\d+))?$/.exec(value) : null;
  if (!match || (match[3] ?? '').length > 12) {
    throw invalid(`Invalid decimal: ${value}`, { param });
  }
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  const whole = match[2].replace(/^0+(?=\d)/, '');
  const coefficient = BigInt(`${match[1] ?? ''}${whole}${fraction}`);
  if (nonNegative && coefficient < 0n) {
    throw invalid(`This value must be greater than or equal to 0.`, { param });
  }
  const text = `${coefficient < 0n ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
  return { coefficient, scale: fraction.length, text };
}

const decimalOf = (integer) => ({
  coefficient: BigInt(integer),
  scale: 0,
  text: String(integer),
});

/** a × b rounded to a whole number of the smallest currency unit, halves away from zero. */
function roundedProduct(a, b) {
  const product = a.coefficient * b.coefficient;
  const scale = a.scale + b.scale;
  if (scale === 0) return Number(product);
  const divisor = 10n ** BigInt(scale);
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  let quotient = magnitude / divisor;
  if ((magnitude % divisor) * 2n >= divisor) quotient += 1n;
  return Number(negative ? -quotient : quotient);
}

/** An amount in the smallest unit, written as people read it (`$1,234.56`). */
function formatMoney(amount, currency) {
  const code = currency.toUpperCase();
  const units = ZERO_DECIMAL_CURRENCIES.includes(currency) ? amount : amount / 100;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(units);
  } catch {
    return `${units.toFixed(2)} ${code}`;
  }
}

const escapeHtml = (text) =>
  String(text ?? '').replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char],
  );

const formatDate = (seconds) =>
  seconds ? new Date(seconds * 1000).toISOString().slice(0, 10) : '—';

/** A small, valid one-page PDF with the given lines of text (Helvetica, ASCII). */
function tinyPdf(lines) {
  const pdfText = (text) =>
    String(text)
      .replace(/[^\x20-\x7e]/g, '?')
      .replace(/([\\()])/g, '\\$1');
  const content = lines
    .map(
      (line, index) =>
        `BT /F1 ${index === 0 ? 18 : 11} Tf 56 ${760 - index * 20} Td (${pdfText(line)}) Tj ET`,
    )
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, index) => {
    const offset = Buffer.byteLength(pdf, 'latin1');
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** A Stripe list object of `items` (in the list's order) for `limit`/`starting_after`/`ending_before`. */
function listAnswer(items, params, url) {
  const limit = integerParam(params.limit, 'limit', { min: 1, max: 100 }) ?? 10;
  let from = 0;
  let to = items.length;
  if (params.starting_after !== undefined) {
    const index = items.findIndex((item) => item.id === params.starting_after);
    if (index < 0) throw missing('object', params.starting_after, 'starting_after');
    from = index + 1;
  } else if (params.ending_before !== undefined) {
    const index = items.findIndex((item) => item.id === params.ending_before);
    if (index < 0) throw missing('object', params.ending_before, 'ending_before');
    to = index;
    from = Math.max(0, to - limit);
  }
  const data = items.slice(from, Math.min(to, from + limit));
  return { object: 'list', data, has_more: from + data.length < to, url };
}

/** Whether `value` (seconds) passes a `created` filter: a number or `{ gt, gte, lt, lte }`. */
function inRange(value, filter, param) {
  if (filter === undefined) return true;
  if (typeof filter === 'string') return value === integerParam(filter, param);
  allowOnly(filter, ['gt', 'gte', 'lt', 'lte'], param);
  const bound = (name) => integerParam(filter[name], `${param}[${name}]`);
  const [gt, gte, lt, lte] = ['gt', 'gte', 'lt', 'lte'].map(bound);
  return (
    (gt === undefined || value > gt) &&
    (gte === undefined || value >= gte) &&
    (lt === undefined || value < lt) &&
    (lte === undefined || value <= lte)
  );
}

/** Sets a property the API does not show (JSON and structuredClone leave it out). */
function hidden(object, key, value) {
  Object.defineProperty(object, key, { value, enumerable: false, writable: true });
  return object;
}

/**
 * Starts the stand-in. `port` defaults to the end-to-end environment's STRIPE_PORT; pass 0 for
 * any free port (integration tests). Resolves with the app's `env`, the base `url`, the
 * stand-in's `state` (PaymentIntents, PaymentMethods, customers, tax ids, invoices, invoice items,
 * cash balances, events), the webhook `deliveries`, and `stop()`.
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
    customers: new Map(),
    taxIds: new Map(),
    invoices: new Map(),
    invoiceItems: new Map(),
    /** Each customer's cash balance by currency: `customerId -> { usd: 1000 }`. */
    cashBalances: new Map(),
    cashBalanceTransactions: new Map(),
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
   * @param {{ mode: 'error' | 'hang'; count?: number; keys?: 'secret' | 'any'; orderId?: string; companyId?: string }} options
   */
  function failRequests({ mode, count, keys = 'secret', orderId, companyId }) {
    if (mode !== 'error' && mode !== 'hang') throw new Error(`unknown fault mode ${mode}`);
    if (keys !== 'secret' && keys !== 'any') throw new Error(`unknown fault keys ${keys}`);
    const remaining = count === undefined || count === null ? Infinity : Number(count);
    if (!(remaining > 0)) throw new Error(`fault count must be positive, not ${count}`);
    faults = {
      mode,
      remaining,
      keys,
      orderId: orderId ? String(orderId) : null,
      companyId: companyId ? String(companyId) : null,
    };
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
      companyId: faults?.companyId ?? null,
      remaining: faults ? (Number.isFinite(faults.remaining) ? faults.remaining : null) : 0,
      ...faultLog,
    };
  }

  /**
   * The orders and companies an API request is about: the metadata it sends (`orderId`,
   * `companyId`), and that of the intent, invoice, invoice item or customer it names (a
   * customer's `metadata[companyId]` covers its intents, invoices and invoice items).
   */
  function subjectOf(pathname, params) {
    const orders = new Set();
    const companies = new Set();
    const text = (value) => (typeof value === 'string' && value ? value : null);
    const addOrder = (metadata) => text(metadata?.orderId) && orders.add(metadata.orderId);
    const addCompany = (metadata) => text(metadata?.companyId) && companies.add(metadata.companyId);
    const addCustomer = (customerId) => {
      if (typeof customerId === 'string') addCompany(state.customers.get(customerId)?.metadata);
    };
    const addInvoice = (invoiceId) => {
      const invoice = typeof invoiceId === 'string' ? state.invoices.get(invoiceId) : undefined;
      if (!invoice) return;
      addOrder(invoice.metadata);
      addCompany(invoice.metadata);
      addCustomer(invoice.customer);
    };
    const addIntent = (intent) => {
      if (!intent) return;
      addOrder(intent.metadata);
      addCompany(intent.metadata);
      addCustomer(intent.customer);
    };
    addOrder(params.metadata);
    addCompany(params.metadata);
    addCustomer(params.customer);
    addInvoice(params.invoice);
    const [, resource, objectId] =
      /^\/v1\/(?:test_helpers\/)?([a-z_]+)(?:\/([^/]+))?/.exec(pathname) ?? [];
    if (objectId) {
      if (resource === 'payment_intents') addIntent(state.paymentIntents.get(objectId));
      else if (resource === 'customers') addCustomer(objectId);
      else if (resource === 'invoices') addInvoice(objectId);
      else if (resource === 'invoiceitems') {
        const item = state.invoiceItems.get(objectId);
        addInvoice(item?.invoice);
        addCustomer(item?.customer);
      }
    }
    return { orders, companies };
  }

  /** The fault this API request meets, if any (and counts it). */
  function takeFault(auth, pathname, params) {
    if (!faults || (faults.keys === 'secret' && auth.kind !== 'secret')) return null;
    if (faults.orderId || faults.companyId) {
      const { orders, companies } = subjectOf(pathname, params);
      if (faults.orderId && !orders.has(faults.orderId)) return null;
      if (faults.companyId && !companies.has(faults.companyId)) return null;
    }
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

  /**
   * Records and sends an event about `object` as it is now. `requestInfo` is the API request
   * that caused it (null for what happens without one, as a customer paying on the hosted
   * page); `previousAttributes`, for `*.updated` events, the changed fields' former values.
   */
  function emit(type, object, requestInfo, previousAttributes) {
    const event = {
      id: id('evt', 12),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      data: {
        object: structuredClone(object),
        ...(previousAttributes ? { previous_attributes: structuredClone(previousAttributes) } : {}),
      },
      livemode: false,
      pending_webhooks: target ? 1 : 0,
      request: {
        id: requestInfo?.requestId ?? null,
        idempotency_key: requestInfo?.idempotencyKey ?? null,
      },
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
    const named =
      params.payment_method ?? (params.payment_method_data ? null : intent.payment_method);
    if (
      params.payment_method_data?.type === 'customer_balance' ||
      (named && state.paymentMethods.get(named)?.type === 'customer_balance')
    ) {
      return confirmBankTransfer(intent, params, requestInfo);
    }
    if (!intent.payment_method_types.includes('card')) throw incompatibleMethod(intent, 'card');
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

  // ---- Customers, tax ids, cash balances -------------------------------------------------

  function findCustomer(customerId, param = 'customer') {
    const customer = typeof customerId === 'string' ? state.customers.get(customerId) : undefined;
    if (!customer) throw missing('customer', String(customerId), param);
    return customer;
  }

  function customerTaxIds(customerId) {
    return [...state.taxIds.values()].filter((taxId) => taxId.customer === customerId);
  }

  const cannotExpand = (path) =>
    invalid(`This property cannot be expanded (${path}) by the Stripe stand-in.`, {
      param: 'expand',
    });

  /** Expands `expand[]` paths one level deep with `resolvers`; any other path is refused. */
  function expanded(object, expand, resolvers) {
    if (expand === undefined) return object;
    const copy = structuredClone(object);
    for (const path of arrayParam(expand, 'expand')) {
      const resolve = resolvers[path];
      if (!resolve) throw cannotExpand(path);
      copy[path] = resolve(copy[path]);
    }
    return copy;
  }

  function customerView(customer, expand) {
    return expanded(customer, expand, {
      tax_ids: () =>
        listAnswer(customerTaxIds(customer.id), {}, `/v1/customers/${customer.id}/tax_ids`),
      cash_balance: () => cashBalanceObject(customer.id),
    });
  }

  /** The customer's details an invoice copies (until it is finalized). */
  function copyCustomer(invoice, customer) {
    invoice.customer_address = customer.address ? { ...customer.address } : null;
    invoice.customer_email = customer.email;
    invoice.customer_name = customer.name;
    invoice.customer_phone = customer.phone;
    invoice.customer_shipping = null;
    invoice.customer_tax_exempt = customer.tax_exempt;
    invoice.customer_tax_ids = customerTaxIds(customer.id).map(({ type, value }) => ({
      type,
      value,
    }));
  }

  function refreshDrafts(customer) {
    for (const invoice of state.invoices.values()) {
      if (invoice.customer === customer.id && invoice.status === 'draft') {
        copyCustomer(invoice, customer);
      }
    }
  }

  function customerFields(params) {
    return {
      ...(params.address !== undefined ? { address: addressParam(params.address) } : {}),
      ...(params.description !== undefined
        ? { description: stringParam(params.description, 'description', 350) }
        : {}),
      ...(params.email !== undefined ? { email: stringParam(params.email, 'email', 512) } : {}),
      ...(params.name !== undefined ? { name: stringParam(params.name, 'name', 256) } : {}),
      ...(params.phone !== undefined ? { phone: stringParam(params.phone, 'phone', 20) } : {}),
      ...(params.preferred_locales !== undefined
        ? { preferred_locales: arrayParam(params.preferred_locales, 'preferred_locales') }
        : {}),
    };
  }

  /** A tax id of `customer` from `{ type, value }`, checked as Stripe checks it (not kept yet). */
  function taxIdOf(customer, params, param = '') {
    const at = (name) => (param ? `${param}[${name}]` : name);
    if (params.type === undefined) throw missingParam(at('type'));
    if (params.value === undefined) throw missingParam(at('value'));
    const type = stringParam(params.type, at('type'), 40);
    if (!TAX_ID_TYPES.includes(type)) {
      throw invalid(`Invalid value for type: ${type} is not a tax id type Stripe knows.`, {
        param: at('type'),
      });
    }
    const value = stringParam(params.value, at('value'), 100).replace(/\s+/g, '').toUpperCase();
    const format = TAX_ID_FORMATS[type];
    if (!value || (format && !format.test(value))) {
      throw invalid(`Invalid value for ${type}.`, { code: 'tax_id_invalid', param: at('value') });
    }
    const prefix = type === 'eu_vat' ? value.slice(0, 2) : type.slice(0, 2).toUpperCase();
    const country = type === 'eu_oss_vat' ? null : ({ EL: 'GR', XI: 'GB' }[prefix] ?? prefix);
    const taxId = {
      id: id('txi', 12),
      object: 'tax_id',
      country,
      created: now(),
      customer: customer.id,
      customer_account: null,
      livemode: false,
      owner: { customer: customer.id, customer_account: null, type: 'customer' },
      type,
      value,
      verification: VERIFIED_TAX_ID_TYPES.includes(type)
        ? { status: 'pending', verified_address: null, verified_name: null }
        : null,
    };
    return taxId;
  }

  function cashBalanceOf(customerId) {
    let balance = state.cashBalances.get(customerId);
    if (!balance) {
      balance = {};
      state.cashBalances.set(customerId, balance);
    }
    return balance;
  }

  function cashBalanceObject(customerId) {
    const available = state.cashBalances.get(customerId);
    return {
      object: 'cash_balance',
      available: available && Object.keys(available).length > 0 ? { ...available } : null,
      customer: customerId,
      customer_account: null,
      livemode: false,
      settings: { reconciliation_mode: 'automatic', using_merchant_default: true },
    };
  }

  /** Moves `netAmount` into (or, negative, out of) a customer's cash balance, as a transaction. */
  function cashTransaction(customerId, currency, netAmount, type, details, info) {
    const balance = cashBalanceOf(customerId);
    balance[currency] = (balance[currency] ?? 0) + netAmount;
    const transaction = {
      id: id('ccsbtxn', 12),
      object: 'customer_cash_balance_transaction',
      ...details,
      created: now(),
      currency,
      customer: customerId,
      customer_account: null,
      ending_balance: balance[currency],
      livemode: false,
      net_amount: netAmount,
      type,
    };
    state.cashBalanceTransactions.set(transaction.id, transaction);
    emit('customer_cash_balance_transaction.created', transaction, info);
    return transaction;
  }

  // ---- Bank transfers (customer balance) ----------------------------------------------------

  const STAND_IN_ADDRESS = {
    city: 'San Francisco',
    country: 'US',
    line1: '354 Oyster Point Blvd',
    line2: null,
    postal_code: '94080',
    state: 'CA',
  };

  function incompatibleMethod(intent, type) {
    return invalid(
      `The PaymentMethod provided (${type}) is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: ${intent.payment_method_types.join(', ')}. Alternatively, update the allowed payment_method_types for this PaymentIntent to include "${type}".`,
      { code: 'payment_intent_incompatible_payment_method', param: 'payment_method' },
    );
  }

  /** `payment_method_options` of an intent: those of customer_balance are kept and checked. */
  function paymentMethodOptionsParam(options, currency) {
    const param = 'payment_method_options';
    if (typeof options !== 'object' || options === null || Array.isArray(options)) {
      throw invalid('Invalid object', { param });
    }
    allowOnly(options, ['card', 'customer_balance'], param);
    const balance = options.customer_balance;
    if (balance === undefined) return null;
    const at = `${param}[customer_balance]`;
    if (typeof balance !== 'object' || balance === null)
      throw invalid('Invalid object', { param: at });
    allowOnly(balance, ['funding_type', 'bank_transfer', 'setup_future_usage'], at);
    if (balance.setup_future_usage !== undefined && balance.setup_future_usage !== 'none') {
      throw invalid(`Invalid setup_future_usage: must be none`, {
        param: `${at}[setup_future_usage]`,
      });
    }
    if (balance.funding_type !== undefined && balance.funding_type !== 'bank_transfer') {
      throw invalid(`Invalid funding_type: must be bank_transfer`, {
        param: `${at}[funding_type]`,
      });
    }
    const transfer = balance.bank_transfer;
    if (balance.funding_type === 'bank_transfer' && transfer === undefined) {
      throw missingParam(`${at}[bank_transfer]`);
    }
    if (transfer === undefined) return { customer_balance: { funding_type: null } };
    allowOnly(
      transfer,
      ['type', 'requested_address_types', 'eu_bank_transfer'],
      `${at}[bank_transfer]`,
    );
    if (transfer.type === undefined) throw missingParam(`${at}[bank_transfer][type]`);
    const types = ['eu_bank_transfer', 'gb_bank_transfer', 'jp_bank_transfer', 'mx_bank_transfer'];
    if (types.includes(transfer.type)) {
      throw invalid(`The Stripe stand-in speaks only us_bank_transfer, not ${transfer.type}.`, {
        param: `${at}[bank_transfer][type]`,
      });
    }
    if (transfer.type !== 'us_bank_transfer') {
      throw invalid(`Invalid bank_transfer type: ${transfer.type}`, {
        param: `${at}[bank_transfer][type]`,
      });
    }
    if (currency !== 'usd') {
      throw invalid('us_bank_transfer is only available for payments in usd.', {
        param: `${at}[bank_transfer][type]`,
      });
    }
    const requested = arrayParam(
      transfer.requested_address_types,
      `${at}[bank_transfer][requested_address_types]`,
    );
    for (const type of requested ?? []) {
      if (type !== 'aba' && type !== 'swift') {
        throw invalid(`Invalid requested_address_types for us_bank_transfer: ${type}`, {
          param: `${at}[bank_transfer][requested_address_types]`,
        });
      }
    }
    return {
      customer_balance: {
        bank_transfer: {
          ...(requested ? { requested_address_types: requested } : {}),
          type: 'us_bank_transfer',
        },
        funding_type: 'bank_transfer',
      },
    };
  }

  /** The customer's virtual bank account (one per customer, as Stripe's). */
  function accountNumberOf(customer) {
    if (!customer.__accountNumber) {
      hidden(customer, '__accountNumber', `${randomInt(1e9, 1e10)}${randomInt(10, 100)}`);
    }
    return customer.__accountNumber;
  }

  function confirmBankTransfer(intent, params, info) {
    if (!intent.payment_method_types.includes('customer_balance')) {
      throw incompatibleMethod(intent, 'customer_balance');
    }
    if (!intent.customer) {
      throw invalid(
        'A PaymentIntent paid with customer_balance needs a customer: pass `customer` when you create it.',
        { code: 'payment_intent_invalid_parameter', param: 'customer' },
      );
    }
    const customer = findCustomer(intent.customer);
    if (params.payment_method_options !== undefined) {
      const options = paymentMethodOptionsParam(params.payment_method_options, intent.currency);
      if (options) intent.payment_method_options = options;
    }
    if (intent.payment_method_options?.customer_balance?.funding_type !== 'bank_transfer') {
      throw invalid(
        'payment_method_options[customer_balance][funding_type] must be bank_transfer to confirm a PaymentIntent with the customer_balance payment method.',
        { param: 'payment_method_options[customer_balance][funding_type]' },
      );
    }
    let paymentMethod;
    const named =
      params.payment_method ?? (params.payment_method_data ? null : intent.payment_method);
    if (named) {
      paymentMethod = state.paymentMethods.get(named);
      if (!paymentMethod) throw missing('PaymentMethod', named, 'payment_method');
    } else {
      const data = params.payment_method_data;
      allowOnly(
        data,
        ['type', 'customer_balance', 'billing_details', 'metadata'],
        'payment_method_data',
      );
      paymentMethod = {
        id: id('pm', 12),
        object: 'payment_method',
        allow_redisplay: 'unspecified',
        billing_details: billingDetails(data.billing_details),
        created: now(),
        customer: customer.id,
        customer_account: null,
        customer_balance: {},
        livemode: false,
        metadata: metadataParam(data.metadata, 'payment_method_data[metadata]'),
        type: 'customer_balance',
      };
      state.paymentMethods.set(paymentMethod.id, paymentMethod);
    }
    intent.payment_method = paymentMethod.id;
    intent.last_payment_error = null;
    if (intent.status !== 'requires_action') {
      intent.status = 'requires_action';
      intent.next_action = {
        display_bank_transfer_instructions: {
          amount_remaining: intent.amount,
          currency: intent.currency,
          financial_addresses: [
            {
              aba: {
                account_holder_address: { ...STAND_IN_ADDRESS },
                account_holder_name: 'Stripe stand-in',
                account_number: accountNumberOf(customer),
                account_type: 'checking',
                bank_address: { ...STAND_IN_ADDRESS, line1: '1 Test Bank Plaza' },
                bank_name: 'STRIPE TEST BANK',
                routing_number: '110000000',
              },
              supported_networks: ['ach', 'domestic_wire_us'],
              type: 'aba',
            },
          ],
          hosted_instructions_url: `${url}/__stand-in/bank-transfer-instructions/${intent.id}`,
          reference: randomBytes(8).toString('hex').toUpperCase().slice(0, 12),
          type: 'us_bank_transfer',
        },
        type: 'display_bank_transfer_instructions',
      };
      emit('payment_intent.requires_action', intent, info);
    }
    // Cash the customer already sent is applied at once, as Stripe does.
    const available = cashBalanceOf(customer.id)[intent.currency] ?? 0;
    if (available > 0) {
      fundIntent(
        intent,
        Math.min(available, intent.next_action.display_bank_transfer_instructions.amount_remaining),
        info,
      );
    }
    return intent;
  }

  /** Applies `amount` of the customer's cash balance to a waiting bank-transfer intent. */
  function fundIntent(intent, amount, info) {
    const instructions = intent.next_action.display_bank_transfer_instructions;
    cashTransaction(
      intent.customer,
      intent.currency,
      -amount,
      'applied_to_payment',
      { applied_to_payment: { payment_intent: intent.id } },
      info,
    );
    instructions.amount_remaining -= amount;
    if (instructions.amount_remaining > 0) {
      emit('payment_intent.partially_funded', intent, info);
      return;
    }
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.next_action = null;
    intent.latest_charge = id('py', 12);
    emit('payment_intent.succeeded', intent, info);
  }

  /** Applies `amount` of the customer's cash balance to an open invoice (through an intent). */
  function payInvoiceFromCash(invoice, amount, info) {
    const intentId = id('pi', 12);
    state.paymentIntents.set(intentId, {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: amount,
      allowed_payment_method_types: null,
      automatic_payment_methods: null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic',
      client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
      confirmation_method: 'automatic',
      created: now(),
      currency: invoice.currency,
      customer: invoice.customer,
      description: `Payment for Invoice ${invoice.number}`,
      last_payment_error: null,
      latest_charge: id('py', 12),
      livemode: false,
      metadata: {},
      next_action: null,
      payment_method: null,
      payment_method_types: ['customer_balance'],
      receipt_email: null,
      setup_future_usage: null,
      status: 'succeeded',
    });
    cashTransaction(
      invoice.customer,
      invoice.currency,
      -amount,
      'applied_to_payment',
      { applied_to_payment: { payment_intent: intentId } },
      info,
    );
    recordInvoicePayment(invoice, amount, info, { attempt: true });
  }

  /**
   * Cash that arrived in a customer's balance pays what waits for it: the intent whose
   * reference matches, an open invoice whose number is the reference, the other waiting
   * intents oldest first, then the open invoices that take customer_balance oldest first.
   */
  function sweepCashBalance(customer, currency, reference, info) {
    const balance = cashBalanceOf(customer.id);
    const intents = [...state.paymentIntents.values()].filter(
      (intent) =>
        intent.customer === customer.id &&
        intent.currency === currency &&
        intent.status === 'requires_action' &&
        intent.next_action?.type === 'display_bank_transfer_instructions',
    );
    const invoices = [...state.invoices.values()]
      .filter(
        (invoice) =>
          invoice.customer === customer.id &&
          invoice.currency === currency &&
          invoice.status === 'open' &&
          invoice.amount_remaining > 0 &&
          invoice.payment_settings.payment_method_types?.includes('customer_balance'),
      )
      .sort((a, b) => a.status_transitions.finalized_at - b.status_transitions.finalized_at);
    const matches = (intent) =>
      reference !== undefined &&
      intent.next_action.display_bank_transfer_instructions.reference === reference;
    const named = (invoice) => reference !== undefined && invoice.number === reference;
    const targets = [
      ...intents.filter(matches),
      ...invoices.filter(named),
      ...intents.filter((intent) => !matches(intent)),
      ...invoices.filter((invoice) => !named(invoice)),
    ];
    for (const target of targets) {
      const available = balance[currency] ?? 0;
      if (available <= 0) break;
      if (target.object === 'payment_intent') {
        const remaining = target.next_action.display_bank_transfer_instructions.amount_remaining;
        fundIntent(target, Math.min(available, remaining), info);
      } else {
        payInvoiceFromCash(target, Math.min(available, target.amount_remaining), info);
      }
    }
    if ((balance[currency] ?? 0) > 0) {
      emit('cash_balance.funds_available', cashBalanceObject(customer.id), info);
    }
  }

  // ---- Invoices and invoice items -----------------------------------------------------------

  function findInvoice(invoiceId, param = 'invoice') {
    const invoice = typeof invoiceId === 'string' ? state.invoices.get(invoiceId) : undefined;
    if (!invoice) throw missing('invoice', String(invoiceId), param);
    return invoice;
  }

  /** Recomputes an invoice's `lines` (the first 10 inline, as Stripe's) and, while a draft, its totals. */
  function refreshInvoice(invoice) {
    const lines = invoice.__lines;
    if (invoice.status === 'draft') {
      const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
      invoice.subtotal = subtotal;
      invoice.subtotal_excluding_tax = subtotal;
      invoice.total = subtotal;
      invoice.total_excluding_tax = subtotal;
      invoice.amount_due = Math.max(0, subtotal);
    }
    invoice.amount_remaining = Math.max(0, invoice.amount_due - invoice.amount_paid);
    invoice.lines = {
      object: 'list',
      data: lines.slice(0, INLINE_LINES),
      has_more: lines.length > INLINE_LINES,
      total_count: lines.length,
      url: `/v1/invoices/${invoice.id}/lines`,
    };
  }

  function lineOf(item) {
    return {
      id: id('il', 12),
      object: 'line_item',
      amount: item.amount,
      currency: item.currency,
      description: item.description,
      discount_amounts: [],
      discountable: item.discountable,
      discounts: [],
      invoice: item.invoice,
      livemode: false,
      metadata: { ...item.metadata },
      parent: {
        invoice_item_details: {
          invoice_item: item.id,
          proration: false,
          proration_details: { credited_items: null },
          subscription: null,
        },
        subscription_item_details: null,
        type: 'invoice_item_details',
      },
      period: { ...item.period },
      pretax_credit_amounts: [],
      pricing: structuredClone(item.pricing),
      quantity: item.quantity,
      quantity_decimal: item.quantity_decimal,
      subscription: null,
      subtotal: item.amount,
      taxes: [],
    };
  }

  function attachItem(invoice, item) {
    if (invoice.__lines.length >= MAX_INVOICE_ITEMS) {
      throw invalid(`An invoice can have at most ${MAX_INVOICE_ITEMS} invoice items.`, {
        param: 'invoice',
      });
    }
    item.invoice = invoice.id;
    invoice.__lines.push(lineOf(item));
    refreshInvoice(invoice);
  }

  /** `payment_settings` of an invoice, as the Invoice object shows them. */
  function paymentSettingsParam(settings) {
    const param = 'payment_settings';
    const empty = {
      default_mandate: null,
      payment_method_options: null,
      payment_method_types: null,
    };
    if (settings === undefined) return empty;
    if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) {
      throw invalid('Invalid object', { param });
    }
    allowOnly(
      settings,
      ['default_mandate', 'payment_method_options', 'payment_method_types'],
      param,
    );
    const types = arrayParam(settings.payment_method_types, `${param}[payment_method_types]`);
    (types ?? []).forEach((type, index) => {
      const at = `${param}[payment_method_types][${index}]`;
      if (type === 'ach_credit_transfer') {
        throw invalid(
          'The payment method type `ach_credit_transfer` is deprecated and can no longer be used on invoices. For bank transfers, use `customer_balance` (with `payment_settings[payment_method_options][customer_balance][funding_type]=bank_transfer`).',
          { code: 'payment_method_unsupported_type', param: at },
        );
      }
      if (!INVOICE_PAYMENT_METHOD_TYPES.includes(type)) {
        throw invalid(`Invalid ${at}: ${type} is not a payment method type invoices accept.`, {
          param: at,
        });
      }
    });
    const given = settings.payment_method_options;
    let options = null;
    if (given !== undefined && given !== '') {
      const at = `${param}[payment_method_options]`;
      if (typeof given !== 'object' || given === null)
        throw invalid('Invalid object', { param: at });
      allowOnly(given, ['card', 'customer_balance', 'us_bank_account'], at);
      const known = ['acss_debit', 'bancontact', 'billie', 'blik', 'card', 'customer_balance'];
      known.push('konbini', 'payto', 'pix', 'sepa_debit', 'upi', 'us_bank_account');
      options = Object.fromEntries(known.map((key) => [key, null]));
      if (given.card !== undefined && given.card !== '') {
        allowOnly(given.card, ['installments', 'request_three_d_secure'], `${at}[card]`);
        const secure = given.card.request_three_d_secure ?? 'automatic';
        if (!['any', 'automatic', 'challenge'].includes(secure)) {
          throw invalid(`Invalid request_three_d_secure: ${secure}`, {
            param: `${at}[card][request_three_d_secure]`,
          });
        }
        options.card = { request_three_d_secure: secure };
      }
      if (given.customer_balance !== undefined && given.customer_balance !== '') {
        const balance = given.customer_balance;
        allowOnly(balance, ['bank_transfer', 'funding_type'], `${at}[customer_balance]`);
        if (balance.funding_type !== undefined && balance.funding_type !== 'bank_transfer') {
          throw invalid('Invalid funding_type: must be bank_transfer', {
            param: `${at}[customer_balance][funding_type]`,
          });
        }
        const transfer = balance.bank_transfer ?? {};
        allowOnly(transfer, ['eu_bank_transfer', 'type'], `${at}[customer_balance][bank_transfer]`);
        options.customer_balance = {
          bank_transfer: { type: transfer.type ?? null },
          funding_type: balance.funding_type ?? null,
        };
      }
      if (given.us_bank_account !== undefined && given.us_bank_account !== '') {
        allowOnly(
          given.us_bank_account,
          ['financial_connections', 'verification_method'],
          `${at}[us_bank_account]`,
        );
        const method = given.us_bank_account.verification_method ?? 'automatic';
        if (!['automatic', 'instant', 'microdeposits'].includes(method)) {
          throw invalid(`Invalid verification_method: ${method}`, {
            param: `${at}[us_bank_account][verification_method]`,
          });
        }
        options.us_bank_account = { verification_method: method };
      }
    }
    const mandate = settings.default_mandate;
    return {
      default_mandate: typeof mandate === 'string' && mandate !== '' ? mandate : null,
      payment_method_options: options,
      payment_method_types: types && types.length > 0 ? types : null,
    };
  }

  function createInvoice(params, info) {
    allowOnly(params, [
      'auto_advance',
      'collection_method',
      'currency',
      'custom_fields',
      'customer',
      'days_until_due',
      'description',
      'due_date',
      'expand',
      'footer',
      'metadata',
      'number',
      'payment_settings',
      'pending_invoice_items_behavior',
      'statement_descriptor',
    ]);
    if (params.customer === undefined) throw missingParam('customer');
    const customer = findCustomer(params.customer);
    const collection = params.collection_method ?? 'charge_automatically';
    if (collection !== 'charge_automatically' && collection !== 'send_invoice') {
      throw invalid(
        `Invalid collection_method: must be one of charge_automatically or send_invoice`,
        { param: 'collection_method' },
      );
    }
    const daysUntilDue = integerParam(params.days_until_due, 'days_until_due', { min: 0 });
    const dueDate = integerParam(params.due_date, 'due_date', { min: 0 });
    if (daysUntilDue !== undefined && dueDate !== undefined) {
      throw invalid('You may only specify one of these parameters: days_until_due, due_date.', {
        param: 'due_date',
      });
    }
    if (collection === 'charge_automatically' && (daysUntilDue ?? dueDate) !== undefined) {
      throw invalid(
        `You can only set \`${daysUntilDue !== undefined ? 'days_until_due' : 'due_date'}\` on an invoice with \`collection_method=send_invoice\`.`,
        { param: daysUntilDue !== undefined ? 'days_until_due' : 'due_date' },
      );
    }
    if (collection === 'send_invoice' && daysUntilDue === undefined && dueDate === undefined) {
      throw invalid(
        'Invoices with `collection_method=send_invoice` must have a `days_until_due` or a `due_date`.',
        { param: 'days_until_due' },
      );
    }
    const created = now();
    if (dueDate !== undefined && dueDate < created) {
      throw invalid('The `due_date` must be in the future.', { param: 'due_date' });
    }
    const fields = arrayParam(params.custom_fields, 'custom_fields');
    if (fields && fields.length > 4) {
      throw invalid('You can only specify up to 4 custom fields.', { param: 'custom_fields' });
    }
    const customFields = (fields ?? []).map((field, index) => {
      const at = `custom_fields[${index}]`;
      if (typeof field !== 'object' || field === null)
        throw invalid('Invalid object', { param: at });
      allowOnly(field, ['name', 'value'], at);
      if (field.name === undefined) throw missingParam(`${at}[name]`);
      if (field.value === undefined) throw missingParam(`${at}[value]`);
      return {
        name: stringParam(field.name, `${at}[name]`, 40),
        value: stringParam(field.value, `${at}[value]`, 140),
      };
    });
    const pending = params.pending_invoice_items_behavior ?? 'exclude';
    if (pending !== 'exclude' && pending !== 'include') {
      throw invalid('Invalid pending_invoice_items_behavior: must be one of exclude or include', {
        param: 'pending_invoice_items_behavior',
      });
    }
    const autoAdvance = booleanParam(params.auto_advance, 'auto_advance') ?? false;
    const number = stringParam(params.number, 'number', 26);
    const invoiceId = id('in', 12);
    const invoice = {
      id: invoiceId,
      object: 'invoice',
      account_country: 'US',
      account_name: 'Stripe stand-in',
      account_tax_ids: null,
      amount_due: 0,
      amount_overpaid: 0,
      amount_paid: 0,
      amount_remaining: 0,
      amount_shipping: 0,
      application: null,
      attempt_count: 0,
      attempted: false,
      auto_advance: autoAdvance,
      automatic_tax: {
        disabled_reason: null,
        enabled: false,
        liability: null,
        provider: null,
        status: null,
      },
      automatically_finalizes_at: autoAdvance ? created + 3600 : null,
      billing_reason: 'manual',
      collection_method: collection,
      created,
      currency: currencyParam(params.currency) ?? customer.currency ?? 'usd',
      custom_fields: customFields.length > 0 ? customFields : null,
      customer: customer.id,
      customer_account: null,
      customer_address: null,
      customer_email: null,
      customer_name: null,
      customer_phone: null,
      customer_shipping: null,
      customer_tax_exempt: 'none',
      customer_tax_ids: [],
      default_payment_method: null,
      default_source: null,
      default_tax_rates: [],
      description: stringParam(params.description, 'description', 1500) ?? null,
      discounts: [],
      due_date: dueDate ?? (daysUntilDue !== undefined ? created + daysUntilDue * DAY : null),
      effective_at: null,
      ending_balance: null,
      footer: stringParam(params.footer, 'footer', 5000) ?? null,
      from_invoice: null,
      hosted_invoice_url: null,
      invoice_pdf: null,
      issuer: { type: 'self' },
      last_finalization_error: null,
      latest_revision: null,
      lines: null,
      livemode: false,
      metadata: metadataParam(params.metadata),
      next_payment_attempt: null,
      number: number || null,
      on_behalf_of: null,
      parent: null,
      payment_settings: paymentSettingsParam(params.payment_settings),
      period_end: created,
      period_start: created,
      post_payment_credit_notes_amount: 0,
      pre_payment_credit_notes_amount: 0,
      receipt_number: null,
      rendering: null,
      shipping_cost: null,
      shipping_details: null,
      starting_balance: 0,
      statement_descriptor:
        stringParam(params.statement_descriptor, 'statement_descriptor', 22) ?? null,
      status: 'draft',
      status_transitions: {
        finalized_at: null,
        marked_uncollectible_at: null,
        paid_at: null,
        voided_at: null,
      },
      subtotal: 0,
      subtotal_excluding_tax: 0,
      test_clock: null,
      total: 0,
      total_discount_amounts: [],
      total_excluding_tax: 0,
      total_pretax_credit_amounts: [],
      total_taxes: [],
      webhooks_delivered_at: null,
    };
    hidden(invoice, '__lines', []);
    hidden(invoice, '__daysUntilDue', daysUntilDue ?? null);
    hidden(invoice, '__dueDate', dueDate ?? null);
    copyCustomer(invoice, customer);
    if (pending === 'include') {
      for (const item of state.invoiceItems.values()) {
        if (item.customer === customer.id && item.invoice === null) {
          if (item.currency === invoice.currency) attachItem(invoice, item);
        }
      }
    }
    refreshInvoice(invoice);
    state.invoices.set(invoice.id, invoice);
    emit('invoice.created', invoice, info);
    return invoice;
  }

  const exclusive = (...names) =>
    invalid(`You may only specify one of these parameters: ${names.join(', ')}.`, {
      param: names[1],
    });

  function createInvoiceItem(params, info) {
    allowOnly(params, [
      'amount',
      'currency',
      'customer',
      'description',
      'discountable',
      'expand',
      'invoice',
      'metadata',
      'period',
      'price_data',
      'pricing',
      'quantity',
      'quantity_decimal',
      'unit_amount_decimal',
    ]);
    if (params.price_data !== undefined || params.pricing !== undefined) {
      throw invalid(
        'The Stripe stand-in has no Products or Prices: give an invoice item an `amount`, or a `quantity` (or `quantity_decimal`) and a `unit_amount_decimal`.',
        { param: params.price_data !== undefined ? 'price_data' : 'pricing' },
      );
    }
    if (params.customer === undefined) throw missingParam('customer');
    const customer = findCustomer(params.customer);
    const invoice = params.invoice === undefined ? null : findInvoice(params.invoice);
    if (invoice && invoice.customer !== customer.id) {
      throw invalid(`The invoice ${invoice.id} is not an invoice of customer ${customer.id}.`, {
        param: 'invoice',
      });
    }
    if (invoice && invoice.status !== 'draft') {
      throw invalid(
        `You can only add invoice items to a draft invoice: invoice ${invoice.id} is already finalized (${invoice.status}).`,
        { code: 'invoice_not_editable', param: 'invoice' },
      );
    }
    const currency = currencyParam(params.currency) ?? invoice?.currency ?? 'usd';
    if (invoice && currency !== invoice.currency) {
      throw invalid(
        `The currency of the invoice item (${currency}) must be that of the invoice (${invoice.currency}).`,
        { param: 'currency' },
      );
    }
    if (params.amount !== undefined && params.unit_amount_decimal !== undefined) {
      throw exclusive('amount', 'unit_amount_decimal');
    }
    if (params.quantity !== undefined && params.quantity_decimal !== undefined) {
      throw exclusive('quantity', 'quantity_decimal');
    }
    if (params.amount !== undefined && params.quantity !== undefined) {
      throw exclusive('amount', 'quantity');
    }
    if (params.amount !== undefined && params.quantity_decimal !== undefined) {
      throw exclusive('amount', 'quantity_decimal');
    }
    let quantity;
    let unit;
    let amount;
    if (params.amount !== undefined) {
      amount = integerParam(params.amount, 'amount', {
        min: -MAX_BANK_TRANSFER_AMOUNT,
        max: MAX_BANK_TRANSFER_AMOUNT,
      });
      quantity = decimalOf(1);
      unit = decimalOf(amount);
    } else if (params.unit_amount_decimal !== undefined) {
      unit = decimalParam(params.unit_amount_decimal, 'unit_amount_decimal');
      quantity =
        params.quantity_decimal !== undefined
          ? decimalParam(params.quantity_decimal, 'quantity_decimal', { nonNegative: true })
          : decimalOf(integerParam(params.quantity, 'quantity', { min: 0 }) ?? 1);
      amount = roundedProduct(quantity, unit);
      if (Math.abs(amount) > MAX_BANK_TRANSFER_AMOUNT) {
        throw invalid(`The invoice item's amount (${amount}) is too large.`, {
          code: 'amount_too_large',
          param: 'unit_amount_decimal',
        });
      }
    } else {
      throw invalid(
        'You must pass one of `amount`, `unit_amount_decimal`, `price_data` or `pricing` to create an invoice item.',
        { code: 'parameter_missing', param: 'amount' },
      );
    }
    const at = now();
    let period = { end: at, start: at };
    if (params.period !== undefined) {
      allowOnly(params.period, ['end', 'start'], 'period');
      if (params.period.start === undefined) throw missingParam('period[start]');
      if (params.period.end === undefined) throw missingParam('period[end]');
      period = {
        end: integerParam(params.period.end, 'period[end]', { min: 0 }),
        start: integerParam(params.period.start, 'period[start]', { min: 0 }),
      };
      if (period.end < period.start) {
        throw invalid('The period end must be on or after the period start.', {
          param: 'period[end]',
        });
      }
    }
    const item = {
      id: id('ii', 12),
      object: 'invoiceitem',
      amount,
      currency,
      customer: customer.id,
      customer_account: null,
      date: at,
      description: stringParam(params.description, 'description', 500) ?? null,
      discountable: booleanParam(params.discountable, 'discountable') ?? amount >= 0,
      discounts: [],
      invoice: null,
      livemode: false,
      metadata: metadataParam(params.metadata),
      net_amount: amount,
      parent: null,
      period,
      pricing: {
        price_details: { price: id('price', 12), product: id('prod', 7) },
        type: 'price_details',
        unit_amount_decimal: unit.text,
      },
      proration: false,
      quantity: Number(quantity.coefficient / 10n ** BigInt(quantity.scale)),
      quantity_decimal: quantity.text,
      tax_rates: [],
      test_clock: null,
    };
    if (invoice) attachItem(invoice, item);
    state.invoiceItems.set(item.id, item);
    emit('invoiceitem.created', item, info);
    return item;
  }

  function finalizeInvoice(invoice, info, autoAdvance) {
    if (invoice.status !== 'draft') {
      throw invalid(
        "This invoice is already finalized, you can't re-finalize a non-draft invoice.",
        {
          code: 'invoice_not_editable',
        },
      );
    }
    const customer = findCustomer(invoice.customer);
    const at = now();
    copyCustomer(invoice, customer);
    refreshInvoice(invoice);
    invoice.status = 'open';
    invoice.status_transitions.finalized_at = at;
    invoice.effective_at = at;
    invoice.automatically_finalizes_at = null;
    invoice.ending_balance = 0;
    invoice.webhooks_delivered_at = at;
    if (autoAdvance !== undefined) invoice.auto_advance = autoAdvance;
    if (!invoice.number) {
      invoice.number = `${customer.invoice_prefix}-${String(customer.next_invoice_sequence).padStart(4, '0')}`;
      customer.next_invoice_sequence += 1;
    }
    invoice.hosted_invoice_url = `${url}/__stand-in/hosted-invoices/${invoice.id}`;
    invoice.invoice_pdf = `${url}/__stand-in/invoice-pdfs/${invoice.id}.pdf`;
    if (invoice.collection_method === 'send_invoice') {
      invoice.attempted = true;
      invoice.due_date = invoice.__dueDate ?? at + invoice.__daysUntilDue * DAY;
    } else if (invoice.auto_advance) {
      invoice.next_payment_attempt = at + 3600;
    }
    emit('invoice.finalized', invoice, info);
    // As Stripe: an invoice with nothing to pay is paid once finalized.
    if (invoice.amount_due === 0) {
      invoice.status = 'paid';
      invoice.status_transitions.paid_at = at;
      invoice.next_payment_attempt = null;
      emit('invoice.paid', invoice, info);
    }
    return invoice;
  }

  /** Records `amount` paid on an open (or uncollectible) invoice; all of it makes it paid. */
  function recordInvoicePayment(
    invoice,
    amount,
    info,
    { attempt = false, outOfBand = false } = {},
  ) {
    const previous = {
      amount_paid: invoice.amount_paid,
      amount_remaining: invoice.amount_remaining,
    };
    invoice.amount_paid += amount;
    if (attempt) {
      invoice.attempted = true;
      invoice.attempt_count += 1;
    }
    refreshInvoice(invoice);
    if (invoice.amount_remaining > 0) {
      emit('invoice.updated', invoice, info, previous);
      return invoice;
    }
    invoice.status = 'paid';
    invoice.status_transitions.paid_at = now();
    invoice.next_payment_attempt = null;
    invoice.auto_advance = false;
    emit('invoice.paid', invoice, info);
    if (!outOfBand) emit('invoice.payment_succeeded', invoice, info);
    return invoice;
  }

  function unpayable(invoice) {
    if (invoice.status === 'paid') {
      return invalid('Invoice is already paid', { code: 'status_transition_invalid' });
    }
    return invalid(
      `This invoice is ${invoice.status}: only an open or uncollectible invoice can be paid.`,
      {
        code: 'status_transition_invalid',
      },
    );
  }

  function payInvoice(invoice, params, info) {
    allowOnly(params, [
      'expand',
      'forgive',
      'mandate',
      'off_session',
      'paid_out_of_band',
      'payment_method',
      'source',
    ]);
    if (params.mandate !== undefined || params.source !== undefined) {
      throw invalid(
        'The Stripe stand-in pays invoices out of band or with a card payment_method only.',
        {
          param: params.mandate !== undefined ? 'mandate' : 'source',
        },
      );
    }
    const outOfBand = booleanParam(params.paid_out_of_band, 'paid_out_of_band') ?? false;
    booleanParam(params.forgive, 'forgive');
    booleanParam(params.off_session, 'off_session');
    if (outOfBand && params.payment_method !== undefined) {
      throw exclusive('paid_out_of_band', 'payment_method');
    }
    if (invoice.status === 'draft') {
      // As Stripe: paying a draft finalizes it first.
      finalizeInvoice(invoice, info);
      if (invoice.status === 'paid') return invoice;
    }
    if (invoice.status !== 'open' && invoice.status !== 'uncollectible') throw unpayable(invoice);
    if (outOfBand) {
      return recordInvoicePayment(invoice, invoice.amount_remaining, info, { outOfBand: true });
    }
    if (params.payment_method === undefined) {
      throw new StripeApiError(402, {
        type: 'card_error',
        code: 'missing',
        param: 'card',
        message: 'Cannot charge a customer that has no active card',
      });
    }
    const paymentMethod = resolvePaymentMethod(params.payment_method);
    if (paymentMethod.type !== 'card') {
      throw invalid('The Stripe stand-in pays invoices with a card payment_method only.', {
        param: 'payment_method',
      });
    }
    if (invoice.amount_remaining > MAX_AMOUNT) {
      throw invalid('Amount must be no more than $999,999.99', {
        code: 'amount_too_large',
        param: 'payment_method',
      });
    }
    const decline = declines[paymentMethod.__number];
    if (decline) {
      invoice.attempted = true;
      invoice.attempt_count += 1;
      emit('invoice.payment_failed', invoice, info);
      throw new StripeApiError(402, {
        type: 'card_error',
        code: decline.code,
        decline_code: decline.decline_code,
        message: decline.message,
        doc_url: `https://stripe.com/docs/error-codes/${decline.code.replaceAll('_', '-')}`,
        payment_method: structuredClone(paymentMethod),
        request_log_url: `https://dashboard.stripe.com/test/logs/${info.requestId}`,
      });
    }
    return recordInvoicePayment(invoice, invoice.amount_remaining, info, { attempt: true });
  }

  /** The customer paying on the hosted invoice page: `{ amount?, fail? }`. */
  function payOnHostedPage(invoice, body) {
    if (invoice.status !== 'open' && invoice.status !== 'uncollectible') throw unpayable(invoice);
    const remaining = invoice.amount_remaining;
    const given = body.amount;
    const amount =
      given === undefined || given === null || given === ''
        ? remaining
        : integerParam(String(given), 'amount', { min: 1, max: remaining });
    const fail = body.fail === true || body.fail === 'true';
    if (fail) {
      invoice.attempted = true;
      invoice.attempt_count += 1;
      emit('invoice.payment_failed', invoice, null);
      return invoice;
    }
    return recordInvoicePayment(invoice, amount, null, { attempt: true });
  }

  function voidInvoice(invoice, info) {
    if (invoice.status !== 'open' && invoice.status !== 'uncollectible') {
      const why = {
        draft: 'You can only void a finalized invoice: delete a draft invoice instead.',
        paid: 'This invoice is paid and can no longer be voided.',
        void: 'This invoice is already void.',
      };
      throw invalid(
        why[invoice.status] ?? `This invoice is ${invoice.status} and cannot be voided.`,
        {
          code: 'status_transition_invalid',
        },
      );
    }
    invoice.status = 'void';
    invoice.status_transitions.voided_at = now();
    invoice.auto_advance = false;
    invoice.next_payment_attempt = null;
    emit('invoice.voided', invoice, info);
    return invoice;
  }

  function markUncollectible(invoice, info) {
    if (invoice.status !== 'open') {
      throw invalid(
        invoice.status === 'draft'
          ? 'You can only mark a finalized invoice as uncollectible.'
          : `This invoice is ${invoice.status}: only an open invoice can be marked uncollectible.`,
        { code: 'status_transition_invalid' },
      );
    }
    invoice.status = 'uncollectible';
    invoice.status_transitions.marked_uncollectible_at = now();
    invoice.auto_advance = false;
    invoice.next_payment_attempt = null;
    emit('invoice.marked_uncollectible', invoice, info);
    return invoice;
  }

  function sendInvoice(invoice, info) {
    if (invoice.collection_method !== 'send_invoice') {
      throw invalid(
        "You can only manually send an invoice if its collection method is 'send_invoice'.",
        { code: 'status_transition_invalid' },
      );
    }
    if (invoice.status === 'void') {
      throw invalid('This invoice is void and cannot be sent.', {
        code: 'status_transition_invalid',
      });
    }
    // As Stripe: sending a draft finalizes it first.
    if (invoice.status === 'draft') finalizeInvoice(invoice, info);
    emit('invoice.sent', invoice, info);
    return invoice;
  }

  const invoiceExpansions = {
    customer: (customerId) => structuredClone(findCustomer(customerId)),
  };

  // ---- The customer's pages: hosted invoice, PDF, bank transfer instructions ----------------

  function htmlPage(title, body) {
    return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; color: #111; background: #fff; margin: 0; }
  main { max-width: 44rem; margin: 0 auto; padding: 1.5rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
  dt { font-weight: 600; }
  dd { margin: 0; }
  table { border-collapse: collapse; width: 100%; margin: 1rem 0; }
  th, td { border-bottom: 1px solid #767676; padding: 0.25rem 0.5rem; text-align: left; }
  .num { text-align: right; }
  form { display: grid; gap: 0.5rem; max-width: 24rem; margin: 1rem 0; }
  input { font: inherit; padding: 0.4rem; border: 1px solid #595959; }
  button { font: inherit; padding: 0.5rem 1rem; cursor: pointer; }
  .pay { background: #0a2540; color: #fff; border: 0; }
  .decline { background: #fff; color: #0a2540; border: 1px solid #0a2540; }
  a { color: #0a2540; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
  }

  function hostedInvoicePage(invoice) {
    const money = (amount) => escapeHtml(formatMoney(amount, invoice.currency));
    const payable =
      (invoice.status === 'open' || invoice.status === 'uncollectible') &&
      invoice.amount_remaining > 0;
    const rows = invoice.__lines
      .map(
        (line) =>
          `<tr><td>${escapeHtml(line.description ?? '')}</td><td class="num">${escapeHtml(line.quantity_decimal ?? '')}</td><td class="num">${money(line.amount)}</td></tr>`,
      )
      .join('\n');
    const states = {
      paid: 'This invoice is paid. Thank you.',
      void: 'This invoice has been voided: there is nothing to pay.',
    };
    const action = payable
      ? `<form method="post" action="/__stand-in/hosted-invoices/${escapeHtml(invoice.id)}/pay">
  <label for="amount">Amount to pay, in cents (leave empty to pay all that remains)</label>
  <input id="amount" name="amount" inputmode="numeric" pattern="[0-9]*" autocomplete="off">
  <button class="pay" type="submit">Pay ${money(invoice.amount_remaining)}</button>
  <button class="decline" type="submit" name="fail" value="true">Pay with a declined card</button>
</form>`
      : `<p role="status">${escapeHtml(states[invoice.status] ?? `This invoice is ${invoice.status}.`)}</p>`;
    return htmlPage(
      `Invoice ${invoice.number}`,
      `<h1>Invoice ${escapeHtml(invoice.number)}</h1>
<p>Billed to ${escapeHtml(invoice.customer_name ?? invoice.customer_email ?? invoice.customer)}</p>
<dl>
  <dt>Status</dt><dd>${escapeHtml(invoice.status)}</dd>
  <dt>Amount due</dt><dd>${money(invoice.amount_due)}</dd>
  <dt>Amount paid</dt><dd>${money(invoice.amount_paid)}</dd>
  <dt>Amount remaining</dt><dd>${money(invoice.amount_remaining)}</dd>
  <dt>Due date</dt><dd>${escapeHtml(formatDate(invoice.due_date))}</dd>
</dl>
<table>
  <caption>Invoice lines</caption>
  <thead><tr><th scope="col">Description</th><th scope="col" class="num">Quantity</th><th scope="col" class="num">Amount</th></tr></thead>
  <tbody>
${rows}
  </tbody>
</table>
${action}
<p><a href="/__stand-in/invoice-pdfs/${escapeHtml(invoice.id)}.pdf">Download the invoice (PDF)</a></p>`,
    );
  }

  function invoicePdf(invoice) {
    const money = (amount) => formatMoney(amount, invoice.currency);
    const lines = invoice.__lines.slice(0, 24).map((line) => {
      const quantity = line.quantity_decimal === '1' ? '' : `${line.quantity_decimal} x `;
      return `${quantity}${line.description ?? 'Item'}: ${money(line.amount)}`;
    });
    if (invoice.__lines.length > 24)
      lines.push(`... and ${invoice.__lines.length - 24} more lines`);
    return tinyPdf([
      `Invoice ${invoice.number}`,
      `Billed to: ${invoice.customer_name ?? invoice.customer_email ?? invoice.customer}`,
      `Date of issue: ${formatDate(invoice.effective_at)}   Due: ${formatDate(invoice.due_date)}`,
      ...lines,
      `Total: ${money(invoice.total)}`,
      `Amount due: ${money(invoice.amount_due)}   Paid: ${money(invoice.amount_paid)}   Remaining: ${money(invoice.amount_remaining)}`,
      ...(invoice.custom_fields ?? []).map((field) => `${field.name}: ${field.value}`),
      ...(invoice.footer ? [invoice.footer] : []),
    ]);
  }

  function bankTransferPage(intent) {
    const instructions = intent.next_action?.display_bank_transfer_instructions;
    if (!instructions) {
      return htmlPage(
        'Bank transfer',
        `<h1>Bank transfer</h1><p role="status">${escapeHtml(intent.status === 'succeeded' ? 'This payment has been received in full. Thank you.' : `This payment is ${intent.status}.`)}</p>`,
      );
    }
    const { aba } = instructions.financial_addresses[0];
    const money = escapeHtml(formatMoney(instructions.amount_remaining, intent.currency));
    return htmlPage(
      `Pay ${formatMoney(instructions.amount_remaining, intent.currency)} by bank transfer`,
      `<h1>Pay ${money} by bank transfer</h1>
<p>Send ${money} by ACH or domestic wire to this account, with the reference below.</p>
<dl>
  <dt>Amount remaining</dt><dd>${money}</dd>
  <dt>Bank</dt><dd>${escapeHtml(aba.bank_name)}</dd>
  <dt>Routing number</dt><dd>${escapeHtml(aba.routing_number)}</dd>
  <dt>Account number</dt><dd>${escapeHtml(aba.account_number)}</dd>
  <dt>Account holder</dt><dd>${escapeHtml(aba.account_holder_name)}</dd>
  <dt>Reference</dt><dd>${escapeHtml(instructions.reference)}</dd>
</dl>`,
    );
  }

  /** `/__stand-in/…` pages the customer (a browser, or a test over HTTP) uses. */
  function servePage(request, response, url, bodyText) {
    const send = (status, type, body, headers = {}) => {
      response.writeHead(status, {
        'content-type': type,
        'content-length': Buffer.byteLength(body),
        'cache-control': 'no-store',
        ...headers,
      });
      response.end(body);
    };
    const html = 'text/html; charset=utf-8';
    const notFound = () =>
      send(404, html, htmlPage('Not found', '<h1>Not found</h1><p>There is nothing here.</p>'));
    const finalized = (invoiceId) => {
      const invoice = state.invoices.get(invoiceId);
      return invoice && invoice.status !== 'draft' ? invoice : null;
    };
    let match = /^\/__stand-in\/hosted-invoices\/([^/]+)$/.exec(url.pathname);
    if (match && request.method === 'GET') {
      const invoice = finalized(match[1]);
      if (!invoice) return notFound();
      return send(200, html, hostedInvoicePage(invoice));
    }
    match = /^\/__stand-in\/hosted-invoices\/([^/]+)\/pay$/.exec(url.pathname);
    if (match && request.method === 'POST') {
      const type = request.headers['content-type'] ?? '';
      const json =
        type.includes('application/json') ||
        (request.headers.accept ?? '').includes('application/json');
      const invoiceId = match[1];
      try {
        let body;
        try {
          body = type.includes('application/json')
            ? JSON.parse(bodyText || '{}')
            : decodeForm(bodyText);
        } catch {
          throw invalid('The body is not valid JSON.');
        }
        if (typeof body !== 'object' || body === null) throw invalid('The body must be an object.');
        const invoice = finalized(invoiceId);
        if (!invoice) throw missing('invoice', invoiceId, 'invoice');
        payOnHostedPage(invoice, body);
        if (json) return send(200, 'application/json', JSON.stringify(invoice, null, 2));
        return send(303, 'text/plain; charset=utf-8', 'See Other', {
          location: `/__stand-in/hosted-invoices/${invoiceId}`,
        });
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        if (json)
          return send(error.status, 'application/json', JSON.stringify({ error: error.error }));
        return send(
          error.status,
          html,
          htmlPage(
            'Payment not recorded',
            `<h1>Payment not recorded</h1><p role="alert">${escapeHtml(error.error.message)}</p><p><a href="/__stand-in/hosted-invoices/${escapeHtml(invoiceId)}">Back to the invoice</a></p>`,
          ),
        );
      }
    }
    match = /^\/__stand-in\/invoice-pdfs\/([^/]+)\.pdf$/.exec(url.pathname);
    if (match && request.method === 'GET') {
      const invoice = finalized(match[1]);
      if (!invoice) return notFound();
      const pdf = invoicePdf(invoice);
      response.writeHead(200, {
        'content-type': 'application/pdf',
        'content-length': pdf.length,
        'content-disposition': `inline; filename="Invoice-${invoice.number.replace(/[^\w.-]/g, '_')}.pdf"`,
        'cache-control': 'no-store',
      });
      response.end(pdf);
      return undefined;
    }
    match = /^\/__stand-in\/bank-transfer-instructions\/([^/]+)$/.exec(url.pathname);
    if (match && request.method === 'GET') {
      const intent = state.paymentIntents.get(match[1]);
      if (!intent?.payment_method_types.includes('customer_balance')) return notFound();
      return send(200, html, bankTransferPage(intent));
    }
    return notFound();
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
          'payment_method_data',
          'payment_method_options',
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
        const types = params.allowed_payment_method_types ??
          params.payment_method_types ?? ['card'];
        const typeList = Array.isArray(types) ? types : [types];
        // The card maximum is a card network's: a bank transfer alone is not bound by it.
        const bankTransferOnly = typeList.every((type) => type === 'customer_balance');
        if (!bankTransferOnly && amount > MAX_AMOUNT) {
          throw invalid('Amount must be no more than $999,999.99', {
            code: 'amount_too_large',
            param: 'amount',
          });
        }
        if (bankTransferOnly && amount > MAX_BANK_TRANSFER_AMOUNT) {
          throw invalid(
            `Amount must be no more than ${formatMoney(MAX_BANK_TRANSFER_AMOUNT, 'usd')}`,
            {
              code: 'amount_too_large',
              param: 'amount',
            },
          );
        }
        if (params.customer !== undefined) findCustomer(params.customer, 'customer');
        const paymentMethodOptions =
          params.payment_method_options === undefined
            ? undefined
            : paymentMethodOptionsParam(params.payment_method_options, params.currency);
        if (paymentMethodOptions?.customer_balance && !typeList.includes('customer_balance')) {
          throw invalid(
            'payment_method_options[customer_balance] is only allowed when customer_balance is one of the payment_method_types.',
            { param: 'payment_method_options[customer_balance]' },
          );
        }
        const intentId = id('pi', 12);
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
          ...(paymentMethodOptions ? { payment_method_options: paymentMethodOptions } : {}),
          payment_method_types: typeList,
          receipt_email: params.receipt_email ?? null,
          setup_future_usage: null,
          status: 'requires_payment_method',
        };
        if (params.payment_method_data !== undefined && params.confirm !== 'true') {
          throw invalid('payment_method_data can only be passed when confirm is true.', {
            param: 'payment_method_data',
          });
        }
        state.paymentIntents.set(intentId, intent);
        if (params.payment_method) {
          intent.payment_method = resolvePaymentMethod(params.payment_method).id;
          intent.status = 'requires_confirmation';
        }
        if (params.confirm === 'true') {
          confirmIntent(
            intent,
            params.payment_method_data ? { payment_method_data: params.payment_method_data } : {},
            info,
          );
        }
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
        const instructions = intent.next_action?.display_bank_transfer_instructions;
        const received = instructions ? intent.amount - instructions.amount_remaining : 0;
        intent.status = 'canceled';
        intent.canceled_at = now();
        intent.cancellation_reason = params.cancellation_reason ?? null;
        intent.next_action = null;
        // As Stripe: cash already applied to a canceled intent goes back to the cash balance.
        if (received > 0) {
          cashTransaction(
            intent.customer,
            intent.currency,
            received,
            'unapplied_from_payment',
            { unapplied_from_payment: { payment_intent: intent.id } },
            info,
          );
        }
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
    [
      'GET',
      /^\/v1\/events$/,
      (auth, params) => {
        requireSecret(auth);
        allowOnly(params, [
          'created',
          'delivery_success',
          'ending_before',
          'expand',
          'limit',
          'starting_after',
          'type',
          'types',
        ]);
        const wanted = [
          ...(params.type !== undefined ? [params.type] : []),
          ...(arrayParam(params.types, 'types') ?? []),
        ];
        const matches = (type) =>
          wanted.length === 0 ||
          wanted.some((pattern) =>
            pattern.endsWith('.*') ? type.startsWith(pattern.slice(0, -1)) : type === pattern,
          );
        const events = state.events
          .filter(
            (event) => matches(event.type) && inRange(event.created, params.created, 'created'),
          )
          .reverse();
        return listAnswer(events, params, '/v1/events');
      },
    ],
    [
      'POST',
      /^\/v1\/customers$/,
      (auth, params, _match, info) => {
        requireSecret(auth);
        allowOnly(params, [
          'address',
          'description',
          'email',
          'expand',
          'invoice_prefix',
          'metadata',
          'name',
          'phone',
          'preferred_locales',
          'tax_id_data',
        ]);
        const prefix = stringParam(params.invoice_prefix, 'invoice_prefix', 12);
        if (prefix !== undefined && !/^[A-Z0-9]{3,12}$/.test(prefix)) {
          throw invalid('Invoice prefix must be 3-12 uppercase letters or numbers.', {
            param: 'invoice_prefix',
          });
        }
        const taxIdData = arrayParam(params.tax_id_data, 'tax_id_data') ?? [];
        const customer = {
          id: id('cus', 7),
          object: 'customer',
          address: null,
          balance: 0,
          created: now(),
          currency: null,
          customer_account: null,
          default_source: null,
          delinquent: false,
          description: null,
          discount: null,
          email: null,
          invoice_prefix: prefix ?? randomBytes(4).toString('hex').toUpperCase(),
          invoice_settings: {
            custom_fields: null,
            default_payment_method: null,
            footer: null,
            rendering_options: null,
          },
          livemode: false,
          metadata: metadataParam(params.metadata),
          name: null,
          next_invoice_sequence: 1,
          phone: null,
          preferred_locales: [],
          shipping: null,
          tax_exempt: 'none',
          test_clock: null,
          ...customerFields(params),
        };
        // Every tax id is checked before anything is kept.
        const taxIds = taxIdData.map((datum, index) => {
          const param = `tax_id_data[${index}]`;
          if (typeof datum !== 'object' || datum === null)
            throw invalid('Invalid object', { param });
          allowOnly(datum, ['type', 'value'], param);
          return taxIdOf(customer, datum, param);
        });
        state.customers.set(customer.id, customer);
        emit('customer.created', customer, info);
        for (const taxId of taxIds) {
          state.taxIds.set(taxId.id, taxId);
          emit('customer.tax_id.created', taxId, info);
        }
        return customerView(customer, params.expand);
      },
    ],
    [
      'GET',
      /^\/v1\/customers\/([^/]+)$/,
      (auth, params, match) => {
        requireSecret(auth);
        allowOnly(params, ['expand']);
        return customerView(findCustomer(match[1], 'id'), params.expand);
      },
    ],
    [
      'POST',
      /^\/v1\/customers\/([^/]+)$/,
      (auth, params, match, info) => {
        requireSecret(auth);
        allowOnly(params, [
          'address',
          'description',
          'email',
          'expand',
          'invoice_prefix',
          'metadata',
          'name',
          'phone',
          'preferred_locales',
        ]);
        const customer = findCustomer(match[1], 'id');
        const changes = customerFields(params);
        if (params.invoice_prefix !== undefined) {
          const prefix = stringParam(params.invoice_prefix, 'invoice_prefix', 12);
          if (!/^[A-Z0-9]{3,12}$/.test(prefix)) {
            throw invalid('Invoice prefix must be 3-12 uppercase letters or numbers.', {
              param: 'invoice_prefix',
            });
          }
          changes.invoice_prefix = prefix;
        }
        if (params.metadata !== undefined) {
          changes.metadata = mergeMetadata(customer.metadata, params.metadata);
        }
        const previous = {};
        for (const [key, value] of Object.entries(changes)) {
          if (JSON.stringify(customer[key]) !== JSON.stringify(value)) {
            previous[key] = customer[key];
            customer[key] = value;
          }
        }
        if (Object.keys(previous).length > 0) {
          refreshDrafts(customer);
          emit('customer.updated', customer, info, previous);
        }
        return customerView(customer, params.expand);
      },
    ],
    [
      'POST',
      /^\/v1\/customers\/([^/]+)\/tax_ids$/,
      (auth, params, match, info) => {
        requireSecret(auth);
        allowOnly(params, ['expand', 'type', 'value']);
        const customer = findCustomer(match[1], 'customer');
        const taxId = taxIdOf(customer, params);
        state.taxIds.set(taxId.id, taxId);
        refreshDrafts(customer);
        emit('customer.tax_id.created', taxId, info);
        return expanded(taxId, params.expand, { customer: invoiceExpansions.customer });
      },
    ],
    [
      'POST',
      /^\/v1\/customers\/([^/]+)\/funding_instructions$/,
      (auth, params, match) => {
        requireSecret(auth);
        allowOnly(params, ['bank_transfer', 'currency', 'expand', 'funding_type']);
        const customer = findCustomer(match[1], 'customer');
        if (params.funding_type !== 'bank_transfer') {
          throw invalid('Invalid funding_type: must be bank_transfer', { param: 'funding_type' });
        }
        if (params.bank_transfer?.type !== 'us_bank_transfer') {
          throw invalid('The stand-in only speaks us_bank_transfer', {
            param: 'bank_transfer[type]',
          });
        }
        if (params.currency !== 'usd') {
          throw invalid('us_bank_transfer funding instructions are in usd', { param: 'currency' });
        }
        return {
          object: 'funding_instructions',
          bank_transfer: {
            country: 'US',
            financial_addresses: [
              {
                aba: {
                  account_holder_address: { ...STAND_IN_ADDRESS },
                  account_holder_name: 'Stripe stand-in',
                  account_number: accountNumberOf(customer),
                  account_type: 'checking',
                  bank_address: { ...STAND_IN_ADDRESS, line1: '1 Test Bank Plaza' },
                  bank_name: 'STRIPE TEST BANK',
                  routing_number: '110000000',
                },
                supported_networks: ['ach', 'domestic_wire_us'],
                type: 'aba',
              },
            ],
            type: 'us_bank_transfer',
          },
          currency: 'usd',
          funding_type: 'bank_transfer',
          livemode: false,
        };
      },
    ],
    [
      'GET',
      /^\/v1\/customers\/([^/]+)\/tax_ids$/,
      (auth, params, match) => {
        requireSecret(auth);
        allowOnly(params, ['ending_before', 'expand', 'limit', 'starting_after']);
        const customer = findCustomer(match[1], 'customer');
        if (params.expand !== undefined) throw cannotExpand(arrayParam(params.expand, 'expand')[0]);
        return listAnswer(
          customerTaxIds(customer.id).reverse(),
          params,
          `/v1/customers/${customer.id}/tax_ids`,
        );
      },
    ],
    [
      'GET',
      /^\/v1\/customers\/([^/]+)\/tax_ids\/([^/]+)$/,
      (auth, params, match) => {
        requireSecret(auth);
        allowOnly(params, ['expand']);
        const customer = findCustomer(match[1], 'customer');
        const taxId = state.taxIds.get(match[2]);
        if (!taxId || taxId.customer !== customer.id) throw missing('tax_id', match[2], 'id');
        return expanded(taxId, params.expand, { customer: invoiceExpansions.customer });
      },
    ],
    [
      'DELETE',
      /^\/v1\/customers\/([^/]+)\/tax_ids\/([^/]+)$/,
      (auth, params, match, info) => {
        requireSecret(auth);
        allowOnly(params, []);
        const customer = findCustomer(match[1], 'customer');
        const taxId = state.taxIds.get(match[2]);
        if (!taxId || taxId.customer !== customer.id) throw missing('tax_id', match[2], 'id');
        state.taxIds.delete(taxId.id);
        refreshDrafts(customer);
        emit('customer.tax_id.deleted', taxId, info);
        return { id: taxId.id, object: 'tax_id', deleted: true };
      },
    ],
    [
      'GET',
      /^\/v1\/customers\/([^/]+)\/cash_balance$/,
      (auth, params, match) => {
        requireSecret(auth);
        allowOnly(params, ['expand']);
        return cashBalanceObject(findCustomer(match[1], 'customer').id);
      },
    ],
    [
      'GET',
      /^\/v1\/customers\/([^/]+)\/cash_balance_transactions$/,
      (auth, params, match) => {
        requireSecret(auth);
        allowOnly(params, ['ending_before', 'expand', 'limit', 'starting_after']);
        const customer = findCustomer(match[1], 'customer');
        const transactions = [...state.cashBalanceTransactions.values()]
          .filter((transaction) => transaction.customer === customer.id)
          .reverse();
        return listAnswer(
          transactions,
          params,
          `/v1/customers/${customer.id}/cash_balance_transactions`,
        );
      },
    ],
    [
      'POST',
      /^\/v1\/test_helpers\/customers\/([^/]+)\/fund_cash_balance$/,
      (auth, params, match, info) => {
        requireSecret(auth);
        allowOnly(params, ['amount', 'currency', 'expand', 'reference']);
        const customer = findCustomer(match[1], 'customer');
        if (params.amount === undefined) throw missingParam('amount');
        if (params.currency === undefined) throw missingParam('currency');
        const amount = integerParam(params.amount, 'amount', {
          min: 1,
          max: MAX_BANK_TRANSFER_AMOUNT,
        });
        const currency = currencyParam(params.currency);
        if (currency !== 'usd') {
          throw invalid('The Stripe stand-in funds cash balances in usd only (us_bank_transfer).', {
            param: 'currency',
          });
        }
        const reference = stringParam(params.reference, 'reference', 100);
        const funded = cashTransaction(
          customer.id,
          currency,
          amount,
          'funded',
          {
            funded: {
              bank_transfer: {
                reference: reference ?? null,
                type: 'us_bank_transfer',
                us_bank_transfer: { network: 'ach', sender_name: 'Stand-in Sender' },
              },
            },
          },
          info,
        );
        const answer = structuredClone(funded);
        sweepCashBalance(customer, currency, reference, info);
        return answer;
      },
    ],
    [
      'POST',
      /^\/v1\/invoices$/,
      (auth, params, _match, info) => {
        requireSecret(auth);
        return expanded(createInvoice(params, info), params.expand, invoiceExpansions);
      },
    ],
    [
      'GET',
      /^\/v1\/invoices$/,
      (auth, params) => {
        requireSecret(auth);
        allowOnly(params, [
          'collection_method',
          'created',
          'customer',
          'due_date',
          'ending_before',
          'expand',
          'limit',
          'starting_after',
          'status',
          'subscription',
        ]);
        if (params.status !== undefined && !INVOICE_STATUSES.includes(params.status)) {
          throw invalid(
            `Invalid status: must be one of ${INVOICE_STATUSES.slice(0, -1).join(', ')}, or void`,
            { param: 'status' },
          );
        }
        if (params.expand !== undefined) throw cannotExpand(arrayParam(params.expand, 'expand')[0]);
        const invoices = [...state.invoices.values()]
          .filter(
            (invoice) =>
              (params.customer === undefined || invoice.customer === params.customer) &&
              (params.status === undefined || invoice.status === params.status) &&
              (params.collection_method === undefined ||
                invoice.collection_method === params.collection_method) &&
              // The stand-in has no subscriptions.
              params.subscription === undefined &&
              inRange(invoice.created, params.created, 'created') &&
              (params.due_date === undefined ||
                (invoice.due_date !== null &&
                  inRange(invoice.due_date, params.due_date, 'due_date'))),
          )
          .reverse();
        return listAnswer(invoices, params, '/v1/invoices');
      },
    ],
    [
      'GET',
      /^\/v1\/invoices\/([^/]+)$/,
      (auth, params, match) => {
        requireSecret(auth);
        allowOnly(params, ['expand']);
        return expanded(findInvoice(match[1], 'invoice'), params.expand, invoiceExpansions);
      },
    ],
    [
      'DELETE',
      /^\/v1\/invoices\/([^/]+)$/,
      (auth, params, match, info) => {
        requireSecret(auth);
        allowOnly(params, []);
        const invoice = findInvoice(match[1], 'invoice');
        if (invoice.status !== 'draft') {
          throw invalid(
            `You can only delete draft invoices: this invoice is ${invoice.status}. Void a finalized invoice instead.`,
            { code: 'invoice_not_editable' },
          );
        }
        state.invoices.delete(invoice.id);
        // Its one-off items go with it.
        for (const line of invoice.__lines) {
          state.invoiceItems.delete(line.parent.invoice_item_details.invoice_item);
        }
        emit('invoice.deleted', invoice, info);
        return { id: invoice.id, object: 'invoice', deleted: true };
      },
    ],
    [
      'GET',
      /^\/v1\/invoices\/([^/]+)\/lines$/,
      (auth, params, match) => {
        requireSecret(auth);
        allowOnly(params, ['ending_before', 'expand', 'limit', 'starting_after']);
        const invoice = findInvoice(match[1], 'invoice');
        if (params.expand !== undefined) throw cannotExpand(arrayParam(params.expand, 'expand')[0]);
        return listAnswer(invoice.__lines, params, `/v1/invoices/${invoice.id}/lines`);
      },
    ],
    [
      'POST',
      /^\/v1\/invoices\/([^/]+)\/finalize$/,
      (auth, params, match, info) => {
        requireSecret(auth);
        allowOnly(params, ['auto_advance', 'expand']);
        const invoice = findInvoice(match[1], 'invoice');
        const autoAdvance = booleanParam(params.auto_advance, 'auto_advance');
        finalizeInvoice(invoice, info, autoAdvance);
        return expanded(invoice, params.expand, invoiceExpansions);
      },
    ],
    [
      'POST',
      /^\/v1\/invoices\/([^/]+)\/void$/,
      (auth, params, match, info) => {
        requireSecret(auth);
        allowOnly(params, ['expand']);
        const invoice = voidInvoice(findInvoice(match[1], 'invoice'), info);
        return expanded(invoice, params.expand, invoiceExpansions);
      },
    ],
    [
      'POST',
      /^\/v1\/invoices\/([^/]+)\/mark_uncollectible$/,
      (auth, params, match, info) => {
        requireSecret(auth);
        allowOnly(params, ['expand']);
        const invoice = markUncollectible(findInvoice(match[1], 'invoice'), info);
        return expanded(invoice, params.expand, invoiceExpansions);
      },
    ],
    [
      'POST',
      /^\/v1\/invoices\/([^/]+)\/pay$/,
      (auth, params, match, info) => {
        requireSecret(auth);
        const invoice = payInvoice(findInvoice(match[1], 'invoice'), params, info);
        return expanded(invoice, params.expand, invoiceExpansions);
      },
    ],
    [
      'POST',
      /^\/v1\/invoices\/([^/]+)\/send$/,
      (auth, params, match, info) => {
        requireSecret(auth);
        allowOnly(params, ['expand']);
        const invoice = sendInvoice(findInvoice(match[1], 'invoice'), info);
        return expanded(invoice, params.expand, invoiceExpansions);
      },
    ],
    [
      'POST',
      /^\/v1\/invoiceitems$/,
      (auth, params, _match, info) => {
        requireSecret(auth);
        return expanded(createInvoiceItem(params, info), params.expand, {
          ...invoiceExpansions,
          invoice: (invoiceId) => structuredClone(findInvoice(invoiceId)),
        });
      },
    ],
    [
      'GET',
      /^\/v1\/invoiceitems\/([^/]+)$/,
      (auth, params, match) => {
        requireSecret(auth);
        allowOnly(params, ['expand']);
        const item = state.invoiceItems.get(match[1]);
        if (!item) throw missing('invoiceitem', match[1], 'id');
        return expanded(item, params.expand, {
          ...invoiceExpansions,
          invoice: (invoiceId) => structuredClone(findInvoice(invoiceId)),
        });
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
      if (url.pathname.startsWith('/__stand-in/')) {
        try {
          servePage(request, response, url, bodyText);
        } catch (error) {
          console.error('[stripe stand-in]', error);
          if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
          response.end('stand-in error');
        }
        return;
      }
      // As the SDK sends them: GET and DELETE parameters in the query string, others in the body.
      const params =
        request.method === 'GET' || request.method === 'DELETE'
          ? decodeForm(url.search.slice(1))
          : decodeForm(bodyText);
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
