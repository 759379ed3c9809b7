'use client';

import { useEffect, useState } from 'react';
import { useRouter } from 'next/navigation';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { callApi, postJson } from '@/lib/client/api';
import { messages, notices } from '@/lib/core/messages';
import { publicEnv } from '@/lib/public-env';

let stripePromise: Promise<Stripe | null> | undefined;

/** Stripe.js, loaded once and only on the payment page; null when it cannot be loaded. */
function getStripe(publishableKey: string): Promise<Stripe | null> {
  stripePromise ??= loadStripe(publishableKey).catch(() => {
    stripePromise = undefined;
    return null;
  });
  return stripePromise;
}

export interface CheckoutOrder {
  _id: string;
  price: number;
  userName: string;
  email: string;
}

/** The card entry and Pay button of the payment page. */
export function CheckoutForm({ order }: { order: CheckoutOrder }) {
  const publishableKey = publicEnv.stripePublishableKey;
  const [stripe] = useState(() => (publishableKey ? getStripe(publishableKey) : null));
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    let active = true;
    stripe?.then((loaded) => {
      if (active && !loaded) setLoadFailed(true);
    });
    return () => {
      active = false;
    };
  }, [stripe]);

  if (!stripe) return <p role="status">{messages.payment.notConfigured}</p>;
  if (loadFailed) {
    return (
      <p role="alert" className="field-error">
        The card entry could not be loaded. Check your connection and reload the page.
      </p>
    );
  }
  return (
    <Elements stripe={stripe}>
      <CardForm order={order} />
    </Elements>
  );
}

function CardForm({ order }: { order: CheckoutOrder }) {
  const router = useRouter();
  const stripe = useStripe();
  const elements = useElements();
  const [clientSecret, setClientSecret] = useState('');
  const [intentError, setIntentError] = useState('');
  const [cardError, setCardError] = useState('');
  const [processing, setProcessing] = useState(false);
  const [transactionId, setTransactionId] = useState('');
  const [recordError, setRecordError] = useState('');

  // A payment intent is requested when the page loads; Pay waits for its client secret.
  useEffect(() => {
    let active = true;
    postJson<{ clientSecret: string }>('/api/create-payment-intent', {
      price: order.price,
      orderId: order._id,
    }).then((result) => {
      if (!active) return;
      if (result.ok) setClientSecret(result.data.clientSecret);
      else {
        setIntentError(result.message);
        if (result.status === 409) router.refresh();
      }
    });
    return () => {
      active = false;
    };
  }, [order._id, order.price, router]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements || !clientSecret || processing) return;
    const card = elements.getElement(CardElement);
    if (!card) return;

    setProcessing(true);
    setCardError('');
    const { error, paymentMethod } = await stripe.createPaymentMethod({
      type: 'card',
      card,
      billing_details: { name: order.userName, email: order.email },
    });
    if (error || !paymentMethod) {
      setCardError(error?.message ?? notices.cardNotUsable);
      setProcessing(false);
      return;
    }
    const { paymentIntent, error: confirmError } = await stripe.confirmCardPayment(clientSecret, {
      payment_method: paymentMethod.id,
    });
    if (confirmError || !paymentIntent) {
      setCardError(confirmError?.message ?? notices.paymentNotCompleted);
      setProcessing(false);
      return;
    }
    if (paymentIntent.status !== 'succeeded') {
      setCardError(notices.paymentPending);
      setProcessing(false);
      return;
    }
    setTransactionId(paymentIntent.id);
    setProcessing(false);
    // The server checks the payment with Stripe before it marks the order paid; Stripe's
    // webhook does the same if this request never arrives.
    const recorded = await callApi(`/api/order/${order._id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ order: order._id, transactionId: paymentIntent.id }),
    });
    if (!recorded.ok) {
      setRecordError(notices.paymentConfirmedLater);
    }
  }

  const paid = Boolean(transactionId);

  return (
    <form onSubmit={onSubmit} aria-label="Card payment" className="mt-6 space-y-4">
      <div>
        <span id="card-label" className="field-label">
          Card
        </span>
        <div
          role="group"
          aria-labelledby="card-label"
          className="rounded-md border border-slate-300 bg-white px-3 py-3 shadow-sm"
        >
          <CardElement
            options={{
              hidePostalCode: true,
              disabled: paid,
              style: {
                base: { fontSize: '16px', color: '#1e293b', '::placeholder': { color: '#94a3b8' } },
                invalid: { color: '#dc2626' },
              },
            }}
            onChange={(change) => setCardError(change.error?.message ?? '')}
          />
        </div>
      </div>
      <button
        type="submit"
        className="btn-primary"
        disabled={!stripe || !elements || !clientSecret || processing || paid}
      >
        {processing ? 'Processing…' : 'Pay'}
      </button>
      {cardError ? (
        <p role="alert" className="field-error">
          {cardError}
        </p>
      ) : null}
      {intentError ? (
        <p role="alert" className="field-error">
          {intentError}
        </p>
      ) : null}
      {paid ? (
        <div role="status" className="rounded-md bg-green-50 p-4 text-green-800">
          <p className="font-semibold">{messages.payment.completed}</p>
          <p className="mt-1 text-sm break-all">
            Your transaction Id: <span className="font-mono font-semibold">{transactionId}</span>
          </p>
          {recordError ? <p className="mt-1 text-sm">{recordError}</p> : null}
        </div>
      ) : null}
    </form>
  );
}
