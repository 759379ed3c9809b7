import { describe, expect, it } from 'vitest';
import { fieldIssues } from '@/lib/core/refusal';
import {
  createOrderSchema,
  minimumQuantityMessage,
  ORDER_QUANTITIES,
  orderFormSchema,
  paymentIntentRequestSchema,
  recordPaymentSchema,
} from '@/lib/orders/validation/order';
import { decodeForm } from '../../e2e/stand-ins/stripe.mjs';

const valid = {
  productId: '0123456789abcdef01234567',
  quantity: 500,
  address: '12 Foundry Lane',
  phone: '01142345678',
};

describe('order schemas', () => {
  it('offers exactly the quantities of the specification', () => {
    expect(ORDER_QUANTITIES).toEqual([100, 300, 500, 1000, 5000, 8000, 15000, 20000, 21000]);
  });

  it('accepts a quantity as a number or a string of digits', () => {
    expect(createOrderSchema.parse(valid).quantity).toBe(500);
    expect(createOrderSchema.parse({ ...valid, quantity: '1000' }).quantity).toBe(1000);
  });

  it('says "Minimum Order Quantity - 500" below 500, and the product minimum above it', () => {
    const result = createOrderSchema.safeParse({ ...valid, quantity: 300 });
    expect(fieldIssues(result.error!).quantity).toEqual(['Minimum Order Quantity - 500']);
    expect(minimumQuantityMessage(500)).toBe('Minimum Order Quantity - 500');
    expect(minimumQuantityMessage(1000)).toBe('Minimum Order Quantity - 1000');
  });

  it('trims the address and requires digits only for the phone', () => {
    expect(createOrderSchema.parse({ ...valid, address: '  1 Mill Road ' }).address).toBe(
      '1 Mill Road',
    );
    for (const phone of ['+44 114', '0114-234', 'phone', '']) {
      expect(createOrderSchema.safeParse({ ...valid, phone }).success).toBe(false);
    }
  });

  it('accepts the copied fields of the payload but no other field', () => {
    expect(
      createOrderSchema.safeParse({
        ...valid,
        price: 14.8,
        name: 'x',
        email: 'a@b.co',
        userName: 'A',
      }).success,
    ).toBe(true);
    expect(createOrderSchema.safeParse({ ...valid, paid: true }).success).toBe(false);
    expect(createOrderSchema.safeParse({ ...valid, price: { $gt: 0 } }).success).toBe(false);
  });

  it('checks the form without judging the quantity (the page warns below 500)', () => {
    expect(orderFormSchema.safeParse({ quantity: '100', address: 'a', phone: '1' }).success).toBe(
      true,
    );
    const empty = orderFormSchema.safeParse({ quantity: '500', address: '', phone: '' });
    expect(fieldIssues(empty.error!)).toEqual({
      address: ['Address is Required'],
      phone: ['Phone is Required'],
    });
  });

  it('takes an order id and an optional price for a payment intent, a pi_ id for a payment', () => {
    expect(
      paymentIntentRequestSchema.safeParse({ orderId: valid.productId, price: 7 }).success,
    ).toBe(true);
    expect(
      paymentIntentRequestSchema.safeParse({ orderId: valid.productId, amount: 7 }).success,
    ).toBe(false);
    expect(recordPaymentSchema.safeParse({ transactionId: 'pi_3Nabc' }).success).toBe(true);
    expect(recordPaymentSchema.safeParse({ transactionId: 'ch_3Nabc' }).success).toBe(false);
  });
});

describe("the Stripe stand-in's form decoding", () => {
  it('decodes nested keys and indexed arrays as Stripe encodes them', () => {
    expect(
      decodeForm(
        'amount=1000&metadata[orderId]=abc&allowed_payment_method_types[0]=card&card[number]=4242&list[]=x&list[]=y',
      ),
    ).toEqual({
      amount: '1000',
      metadata: { orderId: 'abc' },
      allowed_payment_method_types: ['card'],
      card: { number: '4242' },
      list: ['x', 'y'],
    });
  });

  it('ignores prototype keys', () => {
    expect(decodeForm('__proto__[polluted]=1&a=1')).toEqual({ a: '1' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
