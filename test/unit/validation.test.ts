import { describe, expect, it } from 'vitest';
import { contactSchema } from '@/lib/validation/contact';
import { ApiError, fieldIssues, validationError } from '@/lib/api/errors';
import { centsToDollars, dollarsToCents, formatPrice } from '@/lib/money';

describe('contact schema', () => {
  it('requires every field', () => {
    const result = contactSchema.safeParse({ name: '', email: '', address: '', message: '' });
    expect(result.success).toBe(false);
    const fields = fieldIssues(result.error!);
    expect(fields.name).toEqual(['Name is Required']);
    expect(fields.email?.[0]).toBe('Email is Required');
    expect(fields.address).toEqual(['Address is Required']);
    expect(fields.message).toEqual(['Message is Required']);
  });

  it('refuses a name that would break a mail header', () => {
    const result = contactSchema.safeParse({
      name: 'Eve\r\nBcc: a@b.co',
      email: 'eve@example.com',
      address: 'x',
      message: 'y',
    });
    expect(result.success).toBe(false);
  });

  it('refuses a malformed email', () => {
    const result = contactSchema.safeParse({
      name: 'A',
      email: 'not-an-email',
      address: 'x',
      message: 'y',
    });
    expect(fieldIssues(result.error!).email).toEqual(['Provide a valid Email']);
  });
});

describe('API errors', () => {
  it('map codes to statuses and one JSON shape', () => {
    const error = new ApiError('not_found', 'No product has this id.');
    expect(error.status).toBe(404);
    expect(error.toBody()).toEqual({
      error: { code: 'not_found', message: 'No product has this id.' },
    });
  });

  it('turn validation failures into 422 with the field issues', () => {
    const result = contactSchema.safeParse({
      name: 'A',
      email: 'a@example.com',
      address: '',
      message: 'y',
    });
    const error = validationError(result.error!);
    expect(error.status).toBe(422);
    expect(error.toBody().error.details).toEqual({ fields: { address: ['Address is Required'] } });
  });
});

describe('money', () => {
  it('keeps cents exact', () => {
    expect(dollarsToCents(14.8)).toBe(1480);
    expect(dollarsToCents(0.29)).toBe(29);
    expect(centsToDollars(1480)).toBe(14.8);
    expect(formatPrice(1234.5)).toBe('$1,234.50');
  });
});
