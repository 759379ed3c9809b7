import { describe, expect, it } from 'vitest';
import { TRANSFER_HOLD_DAYS } from '@/components/order/BankTransferPanel';
import { billingWording } from '@/lib/core/b2b-wording/billing';
import { BANK_TRANSFER_HOLD_DAYS } from '@/lib/orders/rules';

/**
 * The billing flow's words where they depend on what is known: an invoice not numbered yet, a
 * price list open at one end or with no entries, and the hold of an order paid by bank transfer.
 */

describe('an invoice not numbered yet', () => {
  const { void: voiding } = billingWording.adminActions;

  it('is "this invoice" in Void’s confirmation, button name and notice', () => {
    expect(voiding.title(null)).toBe('Void this invoice?');
    expect(voiding.label(null)).toBe('Void this invoice');
    expect(voiding.done(null)).toBe('The invoice is void.');
    expect(billingWording.invoices.payLabel(null)).toBe('Pay this invoice (opens in a new tab)');
    expect(billingWording.invoice.pay.withoutPaymentPage(null)).toContain(
      'quoting this invoice; ask us for our bank details',
    );
  });

  it('is named by its number once it has one', () => {
    expect(voiding.title('INV-2026-000042')).toBe('Void invoice INV-2026-000042?');
    expect(voiding.label('INV-2026-000042')).toBe('Void invoice INV-2026-000042');
    expect(voiding.done('INV-2026-000042')).toBe('Invoice INV-2026-000042 is void.');
    expect(billingWording.invoices.payLabel('INV-2026-000042')).toBe(
      'Pay invoice INV-2026-000042 (opens in a new tab)',
    );
  });
});

describe('a price list', () => {
  const { validity } = billingWording.priceLists;

  it('says from or until when it is open at one end', () => {
    expect(validity({ from: null, to: null })).toBe('Always');
    expect(validity({ from: 'January 1, 2027', to: null })).toBe('From January 1, 2027');
    expect(validity({ from: null, to: 'June 30, 2027' })).toBe('Until June 30, 2027');
    expect(validity({ from: 'January 1, 2027', to: 'June 30, 2027' })).toBe(
      'January 1, 2027 – June 30, 2027',
    );
  });

  it('with no entries says what its companies pay, with or without a percentage off', () => {
    const { noEntries } = billingWording.priceList;
    expect(noEntries(7.5)).toBe(
      'No entries yet: while the list is valid, its companies pay every part’s list price less 7.5 %.',
    );
    expect(noEntries(null)).toContain('its companies pay every part’s own price');
    expect(noEntries(null)).not.toContain('percentage,');
  });
});

describe('an order paid by bank transfer', () => {
  it('says how long its parts stay held once part of the money arrived: the store’s own days', () => {
    expect(TRANSFER_HOLD_DAYS).toBe(BANK_TRANSFER_HOLD_DAYS);
    const text = billingWording.bankTransfer.offer.text({
      required: true,
      holdDays: TRANSFER_HOLD_DAYS,
    });
    expect(text).toContain(
      `Its parts stay reserved for you until the pay-by time above; once part of the money has arrived, until ${BANK_TRANSFER_HOLD_DAYS} days after it arrived (if your account’s email is verified).`,
    );
    expect(text).not.toContain('on an account whose email is verified');
  });
});
