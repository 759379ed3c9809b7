import type { ObjectId } from 'mongodb';
import { collection, declareCollections } from '@/lib/core/db/collection';
import type { OutboxEntry } from '@/lib/core/mail/outbox-registry';
import type { QuoteStatus } from './status';

/**
 * One line of a quote for a whole order list: a product, how many, and once answered the
 * quoted price of one unit. A quote for one product stores no `lines` (its flat fields are its
 * one line: `linesOfQuote`, lib/quotes/lines.ts).
 */
export interface QuoteLineDoc {
  productId: ObjectId;
  /** The product's name and part number when the quote was requested. */
  name: string;
  sku?: string;
  quantity: number;
  /** Set when answered, with every other line's. */
  unitPriceCents?: number;
}

/**
 * A request for quote (lib/quotes): a buyer asks a price for a quantity; an admin answers it
 * with a unit price valid until a date, or declines it; the buyer accepts an answer once,
 * which places an unpaid order at the quoted price. `status` changes only by conditional
 * updates (lib/quotes/store.ts); `answered` past `validUntil` is expired, decided in the query.
 *
 * A quote for a whole order list (`POST /api/quotes/cart`) has `lines`, each answered with its
 * own unit price, and is accepted into ONE order of all its lines. Its flat fields then
 * describe it as a whole, as an order of many lines does: `productId`/`sku` are the first
 * line's, `productName` is "<first name> and N more parts", `quantity` is the units of all
 * lines; it has no flat `unitPriceCents`.
 */
export interface QuoteDoc {
  _id: ObjectId;
  /** `Q-<year>-<6 digits>`, from the `quote-<year>` counter; unique. */
  reference: string;
  productId: ObjectId;
  /** The product's name and part number when the quote was requested. */
  productName: string;
  sku?: string;
  userId: ObjectId;
  userName: string;
  email: string;
  quantity: number;
  /** The day the buyer needs the parts by (midnight UTC), when they gave one. */
  neededBy?: Date;
  address: string;
  phone: string;
  note?: string;
  status: QuoteStatus;
  /** The lines of a quote for an order list; absent on a quote for one product. */
  lines?: QuoteLineDoc[];
  /**
   * Set when answered: the quoted price of one unit (a quote for one product; a list quote's
   * prices are on its lines), and until when the answer holds.
   */
  unitPriceCents?: number;
  validUntil?: Date;
  answeredAt?: Date;
  answeredBy?: ObjectId;
  /** Set when declined: why, when, by whom. */
  declineReason?: string;
  declinedAt?: Date;
  declinedBy?: ObjectId;
  /** While an accept is under way: its claim, and since when (a stale claim may be taken over). */
  acceptClaim?: string;
  acceptingSince?: Date;
  /** Set when accepted: the order placed at the quoted price. */
  orderId?: ObjectId;
  acceptedAt?: Date;
  createdAt: Date;
  /** Mails queued by a change of this quote, waiting to be sent (lib/core/mail/outbox.ts). */
  outbox?: OutboxEntry[];
}

export const collections = declareCollections({
  quotes: collection<QuoteDoc>('quotes', [
    // A buyer's own newest first, everyone's (admins) by status, the outbox drainer, and one
    // quote per reference.
    { key: { reference: 1 }, options: { unique: true } },
    { key: { userId: 1, createdAt: -1, _id: -1 } },
    { key: { status: 1, createdAt: -1, _id: -1 } },
    { key: { createdAt: -1, _id: -1 } },
    { key: { 'outbox.nextAttemptAt': 1 } },
  ]),
});
