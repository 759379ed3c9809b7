import { describe, expect, it } from 'vitest';
import {
  canTransitionQuote,
  QUOTE_TRANSITIONS,
  quoteStatusesBefore,
  STORED_QUOTE_STATUSES,
} from '@/lib/quotes/status';

describe('the quote transition table', () => {
  it('lists every stored status, and only stored statuses as targets', () => {
    expect(Object.keys(QUOTE_TRANSITIONS).sort()).toEqual([...STORED_QUOTE_STATUSES].sort());
    for (const moves of Object.values(QUOTE_TRANSITIONS)) {
      for (const to of Object.keys(moves)) expect(STORED_QUOTE_STATUSES).toContain(to);
    }
  });

  it('lets an admin answer or decline a requested or answered quote, and nothing else', () => {
    expect(quoteStatusesBefore('answered', 'admin')).toEqual(['requested', 'answered']);
    expect(quoteStatusesBefore('declined', 'admin')).toEqual(['requested', 'answered']);
    expect(quoteStatusesBefore('accepting', 'admin')).toEqual([]);
    expect(quoteStatusesBefore('accepted', 'admin')).toEqual([]);
  });

  it('lets the buyer claim an answered quote, then complete or give back the claim', () => {
    expect(quoteStatusesBefore('accepting', 'buyer')).toEqual(['answered', 'accepting']);
    expect(quoteStatusesBefore('accepted', 'buyer')).toEqual(['accepting']);
    expect(quoteStatusesBefore('answered', 'buyer')).toEqual(['accepting']);
    expect(quoteStatusesBefore('declined', 'buyer')).toEqual([]);
  });

  it('ends at accepted and declined', () => {
    for (const to of STORED_QUOTE_STATUSES) {
      expect(canTransitionQuote('accepted', to, 'admin')).toBe(false);
      expect(canTransitionQuote('accepted', to, 'buyer')).toBe(false);
      expect(canTransitionQuote('declined', to, 'admin')).toBe(false);
      expect(canTransitionQuote('declined', to, 'buyer')).toBe(false);
    }
  });
});
