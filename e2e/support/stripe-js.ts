import type { BrowserContext } from '@playwright/test';
import { STRIPE_PORT } from '../stand-ins/ports.mjs';

/**
 * A stand-in for Stripe.js (https://js.stripe.com), installed in the browser before any page
 * script runs. `@stripe/stripe-js` uses an existing `window.Stripe` and loads nothing, so the
 * storefront's real payment code (`loadStripe`, `<Elements>`, `<CardElement>`,
 * `createPaymentMethod`, `confirmCardPayment`) runs unchanged against the local Stripe API
 * stand-in (e2e/stand-ins/stripe.mjs), over HTTP, with the publishable key. The card element
 * renders real inputs (card number, expiration date, CVC) inside its mount node, labelled as
 * Stripe labels them.
 */
export async function installStripeJs(
  context: BrowserContext,
  apiBase = `http://127.0.0.1:${STRIPE_PORT}`,
): Promise<void> {
  await context.addInitScript(standInStripeJs, { apiBase });
}

/** Runs in the browser: everything it needs is inside the function. */
function standInStripeJs({ apiBase }: { apiBase: string }) {
  type Json = Record<string, unknown>;
  type StripeErrorShape = Json & { type: string; message: string };
  type Handler = (event: unknown) => void;

  const target = window as unknown as { Stripe?: unknown };
  if (target.Stripe) return;

  /** Stripe's form encoding: nested objects as `a[b]=v`, arrays as `a[0]=v`. */
  function encode(value: unknown, prefix: string, out: URLSearchParams) {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => encode(item, `${prefix}[${index}]`, out));
    } else if (typeof value === 'object') {
      for (const [key, item] of Object.entries(value as Json)) {
        encode(item, prefix ? `${prefix}[${key}]` : key, out);
      }
    } else {
      out.append(prefix, String(value));
    }
  }

  async function call(
    key: string,
    method: 'GET' | 'POST',
    path: string,
    params: Json,
  ): Promise<{ data?: Json; error?: StripeErrorShape }> {
    const form = new URLSearchParams();
    encode(params, '', form);
    try {
      const response = await fetch(
        method === 'GET' ? `${apiBase}${path}?${form.toString()}` : `${apiBase}${path}`,
        {
          method,
          headers: {
            Authorization: `Bearer ${key}`,
            ...(method === 'POST' ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
          },
          body: method === 'POST' ? form.toString() : undefined,
        },
      );
      const body = (await response.json()) as Json;
      if (!response.ok) return { error: body.error as StripeErrorShape };
      return { data: body };
    } catch {
      return {
        error: {
          type: 'api_connection_error',
          message: 'We could not connect to Stripe. Check your connection and try again.',
        },
      };
    }
  }

  interface CardValues {
    number: string;
    exp_month: string;
    exp_year: string;
    cvc: string;
  }

  interface StandInElement {
    __standIn: true;
    elementType: string;
    values(): CardValues;
    mount(domElement: string | HTMLElement): void;
    unmount(): void;
    destroy(): void;
    on(event: string, handler: Handler): StandInElement;
    once(event: string, handler: Handler): StandInElement;
    off(event: string, handler?: Handler): StandInElement;
    update(options: Json): void;
    focus(): void;
    blur(): void;
    clear(): void;
  }

  function luhn(number: string) {
    let sum = 0;
    for (let i = 0; i < number.length; i += 1) {
      let digit = Number(number[number.length - 1 - i]);
      if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
      sum += digit;
    }
    return sum % 10 === 0;
  }

  function brandOf(number: string) {
    if (/^4/.test(number)) return 'visa';
    if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
    if (/^3[47]/.test(number)) return 'amex';
    return 'unknown';
  }

  function readCard(values: CardValues) {
    const number = values.number.replace(/\s+/g, '');
    const expiry = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(
      `${values.exp_month}/${values.exp_year}`.replace(/^\/|\/$/g, ''),
    );
    return {
      number,
      exp_month: expiry?.[1] ?? '',
      exp_year: expiry?.[2] ?? '',
      cvc: values.cvc.trim(),
    };
  }

  /** What Stripe.js checks locally before it sends anything. */
  function localError(values: CardValues): StripeErrorShape | undefined {
    const card = readCard(values);
    const validation = (code: string, message: string) => ({
      type: 'validation_error',
      code,
      message,
    });
    if (card.number.length < 12) {
      return validation('incomplete_number', 'Your card number is incomplete.');
    }
    if (!/^\d+$/.test(card.number) || !luhn(card.number)) {
      return validation('invalid_number', 'Your card number is invalid.');
    }
    if (!card.exp_month || !card.exp_year) {
      return validation('incomplete_expiry', "Your card's expiration date is incomplete.");
    }
    if (!/^\d{3,4}$/.test(card.cvc)) {
      return validation('incomplete_cvc', "Your card's security code is incomplete.");
    }
    return undefined;
  }

  function createCardElement(options: Json): StandInElement {
    const listeners = new Map<string, Set<Handler>>();
    let root: HTMLElement | null = null;
    let inputs: {
      number: HTMLInputElement;
      expiry: HTMLInputElement;
      cvc: HTMLInputElement;
    } | null = null;
    let disabled = Boolean(options.disabled);

    const emit = (event: string, payload: unknown) => {
      for (const handler of [...(listeners.get(event) ?? [])]) handler(payload);
    };

    const values = (): CardValues => {
      const expiry = (inputs?.expiry.value ?? '').split('/').map((part) => part.trim());
      return {
        number: inputs?.number.value ?? '',
        exp_month: expiry[0] ?? '',
        exp_year: expiry[1] ?? '',
        cvc: inputs?.cvc.value ?? '',
      };
    };

    const changed = () => {
      const current = values();
      const empty = !current.number && !current.exp_month && !current.exp_year && !current.cvc;
      const error = localError(current);
      const number = current.number.replace(/\s+/g, '');
      const shownError =
        error && error.code === 'invalid_number' && number.length >= 16 ? error : undefined;
      emit('change', {
        elementType: 'card',
        empty,
        complete: !error,
        error: shownError,
        brand: brandOf(number),
        value: { postalCode: '' },
      });
    };

    const input = (label: string, placeholder: string, autocomplete: string) => {
      const field = document.createElement('input');
      field.type = 'text';
      field.inputMode = 'numeric';
      field.setAttribute('aria-label', label);
      field.placeholder = placeholder;
      field.setAttribute('autocomplete', autocomplete);
      field.disabled = disabled;
      field.style.cssText =
        'border:0;outline:none;background:transparent;font:inherit;min-width:0;padding:2px 0';
      field.addEventListener('input', changed);
      field.addEventListener('focus', () => emit('focus', { elementType: 'card' }));
      field.addEventListener('blur', () => emit('blur', { elementType: 'card' }));
      field.addEventListener('keydown', (event) => {
        if (event.key === 'Escape') emit('escape', { elementType: 'card' });
      });
      return field;
    };

    const element: StandInElement = {
      __standIn: true,
      elementType: 'card',
      values,
      mount(domElement) {
        const node =
          typeof domElement === 'string'
            ? document.querySelector<HTMLElement>(domElement)
            : domElement;
        if (!node) throw new Error('The selector you specified does not match any element.');
        root = document.createElement('div');
        root.className = 'StripeElement StripeElement--empty';
        root.dataset.standIn = 'stripe-card';
        root.style.cssText = 'display:flex;gap:0.75rem;align-items:center';
        inputs = {
          number: input('Credit or debit card number', 'Card number', 'cc-number'),
          expiry: input('Credit or debit card expiration date', 'MM / YY', 'cc-exp'),
          cvc: input('Credit or debit card CVC', 'CVC', 'cc-csc'),
        };
        inputs.number.style.flex = '1 1 auto';
        inputs.expiry.style.width = '5.5em';
        inputs.cvc.style.width = '3.5em';
        root.append(inputs.number, inputs.expiry, inputs.cvc);
        node.append(root);
        setTimeout(() => emit('ready', { elementType: 'card' }), 0);
      },
      unmount() {
        root?.remove();
        root = null;
        inputs = null;
      },
      destroy() {
        element.unmount();
        listeners.clear();
      },
      on(event, handler) {
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event)!.add(handler);
        return element;
      },
      once(event, handler) {
        const wrapped: Handler = (payload) => {
          element.off(event, wrapped);
          handler(payload);
        };
        return element.on(event, wrapped);
      },
      off(event, handler) {
        if (handler) listeners.get(event)?.delete(handler);
        else listeners.delete(event);
        return element;
      },
      update(next) {
        if (typeof next.disabled === 'boolean') {
          disabled = next.disabled;
          for (const field of Object.values(inputs ?? {})) field.disabled = disabled;
        }
      },
      focus() {
        inputs?.number.focus();
      },
      blur() {
        (document.activeElement as HTMLElement | null)?.blur();
      },
      clear() {
        for (const field of Object.values(inputs ?? {})) field.value = '';
        changed();
      },
    };
    return element;
  }

  function isElement(value: unknown): value is StandInElement {
    return typeof value === 'object' && value !== null && '__standIn' in value;
  }

  function StandInStripe(publishableKey: string) {
    if (typeof publishableKey !== 'string' || !publishableKey.startsWith('pk_')) {
      throw new Error('Invalid value for Stripe(): apiKey should be a publishable key.');
    }
    const created = new Map<string, StandInElement>();

    async function paymentMethodFrom(card: StandInElement, billingDetails?: Json) {
      const problem = localError(card.values());
      if (problem) return { error: problem };
      const values = readCard(card.values());
      return call(publishableKey, 'POST', '/v1/payment_methods', {
        type: 'card',
        card: values,
        billing_details: billingDetails,
      });
    }

    const intentId = (clientSecret: string) => clientSecret.split('_secret_')[0] ?? '';

    return {
      elements() {
        return {
          create(type: string, options: Json = {}) {
            if (type !== 'card')
              throw new Error(
                `The stand-in Stripe.js only provides the card element, not ${type}.`,
              );
            if (created.has(type)) {
              throw new Error('Can only create one Element of type card.');
            }
            const element = createCardElement(options);
            const destroy = element.destroy;
            element.destroy = () => {
              destroy();
              created.delete(type);
            };
            created.set(type, element);
            return element;
          },
          getElement(type: string | { __elementType?: string }) {
            const name = typeof type === 'string' ? type : type?.__elementType;
            return (name && created.get(name)) || null;
          },
          update() {},
          fetchUpdates: async () => ({}),
        };
      },

      async createPaymentMethod(
        first: { type?: string; card?: unknown; billing_details?: Json } | string,
        second?: unknown,
        third?: { billing_details?: Json },
      ) {
        const data = typeof first === 'string' ? { type: first, card: second, ...third } : first;
        if (data.type !== 'card' || !isElement(data.card)) {
          return {
            error: { type: 'invalid_request_error', message: 'A card element is required.' },
          };
        }
        const result = await paymentMethodFrom(data.card, data.billing_details);
        return result.error ? { error: result.error } : { paymentMethod: result.data };
      },

      async confirmCardPayment(
        clientSecret: string,
        data: { payment_method?: string | { card?: unknown; billing_details?: Json } } = {},
      ) {
        const params: Json = { client_secret: clientSecret };
        const method = data.payment_method;
        if (typeof method === 'string') {
          params.payment_method = method;
        } else if (method && isElement(method.card)) {
          const problem = localError(method.card.values());
          if (problem) return { error: problem };
          params.payment_method_data = {
            type: 'card',
            card: readCard(method.card.values()),
            billing_details: method.billing_details,
          };
        }
        const result = await call(
          publishableKey,
          'POST',
          `/v1/payment_intents/${intentId(clientSecret)}/confirm`,
          params,
        );
        return result.error ? { error: result.error } : { paymentIntent: result.data };
      },

      async retrievePaymentIntent(clientSecret: string) {
        const result = await call(
          publishableKey,
          'GET',
          `/v1/payment_intents/${intentId(clientSecret)}`,
          { client_secret: clientSecret },
        );
        return result.error ? { error: result.error } : { paymentIntent: result.data };
      },

      async createToken(card: unknown, data: Json = {}) {
        if (!isElement(card)) {
          return {
            error: { type: 'invalid_request_error', message: 'A card element is required.' },
          };
        }
        const problem = localError(card.values());
        if (problem) return { error: problem };
        const result = await call(publishableKey, 'POST', '/v1/tokens', {
          card: { ...readCard(card.values()), name: data.name },
        });
        return result.error ? { error: result.error } : { token: result.data };
      },

      registerAppInfo() {},
      _registerWrapper() {},
    };
  }

  StandInStripe.version = 'endive';
  target.Stripe = StandInStripe;
}
