import type { Db } from 'mongodb';
import { collections as accounts } from '@/lib/accounts/collections';
import { collections as billing } from '@/lib/billing/collections';
import { collections as cart } from '@/lib/cart/collections';
import { collections as catalogue } from '@/lib/catalogue/collections';
import { collections as companies } from '@/lib/companies/collections';
import { collections as kernel } from '@/lib/core/collections';
import { collections as images } from '@/lib/images/collections';
import { collections as invoices } from '@/lib/invoices/collections';
import { collections as orders } from '@/lib/orders/collections';
import { collections as pricing } from '@/lib/pricing/collections';
import { collections as quotes } from '@/lib/quotes/collections';
import { collections as reviews } from '@/lib/reviews/collections';
import { collections as terms } from '@/lib/terms/collections';

/**
 * The store's database for tests: the app's own connection (lib/core/db), and every collection
 * by name, typed, as the features declare them (tests read and write documents directly to set
 * up states and check what was stored; the store's own code touches a collection only through
 * the feature that owns it).
 */
export * from '@/lib/core/db';

export function collections(db: Db) {
  return {
    ...catalogue(db),
    ...reviews(db),
    ...kernel(db),
    ...accounts(db),
    ...images(db),
    ...orders(db),
    ...quotes(db),
    ...invoices(db),
    ...cart(db),
    ...companies(db),
    ...terms(db),
    ...billing(db),
    ...pricing(db),
  };
}
