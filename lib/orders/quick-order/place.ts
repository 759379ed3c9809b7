import 'server-only';
import { errorText, logger } from '@/lib/core/log';
import { assertMayPlaceOrders } from '@/lib/companies';
import type { User } from '@/lib/accounts';
import { errorMessages } from '@/lib/core/error-messages';
import { orderAgainMessages, quickOrderMessages as m } from '@/lib/core/messages';
import { enforce } from '@/lib/core/rate-limit';
import { RefusalError, refusalText, refuse } from '@/lib/core/refusal';
import { centsToDollars } from '@/lib/core/money';
import { placeOrderLimit } from '../limits';
import { placeOrderOfLines } from '../place-order';
import { findOrder, type RefusedLine } from '../store';
import type { QuickOrderPlaceInput } from '../validation/quick-order';
import { minimumQuantityMessage, stockMessage } from '../validation/order';
import { checkQuickOrder, type QuickOrderLine, type QuickOrderLineStatus } from './check';

type Buyer = Pick<User, 'id' | 'name' | 'email' | 'emailVerified'>;

/** A line placed as a line of the quick order's one order. */
export interface PlacedLine {
  lines: number[];
  partNumber: string;
  quantity: number;
  /** The one order of the quick order (every placed line carries it). */
  orderId: string;
  productId: string;
  productName: string;
  /** The line's total in US dollars (its quantity at its volume tier's unit price). */
  price: number;
}

/** A line that was not placed (or not put in the order list), with why. */
export interface FailedLine {
  lines: number[];
  text: string;
  partNumber: string | null;
  quantity: number | null;
  /**
   * The check's status; `not_placed` for a line refused when the order was placed, `not_added`
   * for one the order list could not take.
   */
  status: Exclude<QuickOrderLineStatus, 'ok'> | 'not_placed' | 'not_added';
  message: string;
}

/** The one order a quick order placed. */
export interface QuickOrderPlacedOrder {
  _id: string;
  /** The order's name as My Orders shows it ("<first part> and N more parts"). */
  name: string;
  /** The order's total in US dollars (the sum of its lines). */
  price: number;
}

export interface QuickOrderResult {
  /** The one order placed, or null when no line could be placed at that moment. */
  order: QuickOrderPlacedOrder | null;
  placed: PlacedLine[];
  failed: FailedLine[];
}

/**
 * Why the order could not be placed, in the words its refusal gives a person: the first field
 * issue of an input refusal (a quantity above the stock), else the refusal's sentence.
 */
function reasonOf(error: unknown): string {
  if (error instanceof RefusalError) {
    const { refusal } = error;
    return Object.values(refusal.fields ?? {})[0]?.[0] ?? refusalText(refusal);
  }
  logger.error(`[quick-order] the order could not be placed: ${errorText(error)}`);
  return errorMessages['server.internal'].message;
}

/** Why one line of a many-line order was refused (`order.lines_short`), in a person's words. */
function shortLineReason(line: RefusedLine): string {
  switch (line.reason) {
    case 'not_found':
      return orderAgainMessages.noLongerSold;
    case 'below_minimum':
      return minimumQuantityMessage(line.minimum ?? 0);
    default:
      return stockMessage(line.available ?? 0, line.quantity);
  }
}

/** A line of the report the check refused, as the result lists it. */
export function refusedLine(line: QuickOrderLine): FailedLine {
  return {
    lines: line.lines,
    text: line.text,
    partNumber: line.partNumber,
    quantity: line.quantity,
    status: line.status as FailedLine['status'],
    message: line.message ?? m.malformed,
  };
}

/** A checked line refused later (when placing or filling the list), with why. */
export function laterFailure(
  line: QuickOrderLine,
  status: 'not_placed' | 'not_added',
  message: string,
): FailedLine {
  return { ...refusedLine(line), status, message };
}

const firstLine = (entry: { lines: number[] }) => entry.lines[0] ?? 0;

/** The failed lines in the order of the text. */
export function inTextOrder(failed: FailedLine[]): FailedLine[] {
  return [...failed].sort((a, b) => firstLine(a) - firstLine(b));
}

/**
 * Places a quick order for the signed-in buyer as ONE order of every line that may be ordered:
 * the lines are checked again now, then placed together by `placeOrderOfLines` (all or nothing
 * for the lines it is given: stock taken line by line as recorded intent, the unpaid-orders cap
 * and every other rule of POST /api/checkout). A line refused at that moment (its stock taken
 * meanwhile) is reported with its reason and the order is placed again without it, so the other
 * lines stand in one order; a refusal of the order as a whole (the unpaid-orders cap) reports
 * every line with its reason and places nothing. The order counts once against the per-user
 * hourly limit of POST /api/order. 422 when no line may be ordered.
 */
export async function placeQuickOrder(
  buyer: Buyer,
  input: QuickOrderPlaceInput,
  origin: string,
): Promise<QuickOrderResult> {
  // A company member whose role places nothing is refused as a whole (403), not line by line.
  await assertMayPlaceOrders(buyer);
  const report = await checkQuickOrder(buyer, input.text);
  let orderable = report.lines.filter((line) => line.status === 'ok');
  if (!orderable.length) {
    throw refuse('quick_order.nothing_to_place', { details: { lines: report.lines } });
  }
  await enforce([{ limit: placeOrderLimit, key: buyer.id }]);

  const failed: FailedLine[] = report.lines.filter((line) => line.status !== 'ok').map(refusedLine);
  const delivery = {
    address: input.address,
    phone: input.phone,
    ...(input.poNumber ? { poNumber: input.poNumber } : {}),
  };
  // Each refusal of some lines removes at least one line, so this ends.
  while (orderable.length) {
    const lines = orderable.map((line) => ({
      productId: line.product!._id,
      quantity: line.quantity!,
    }));
    let orderId: string;
    try {
      orderId = await placeOrderOfLines(buyer, { ...delivery, lines }, origin);
    } catch (error) {
      const short =
        error instanceof RefusalError && error.refusal.key === 'order.lines_short'
          ? ((error.refusal.details?.lines ?? []) as RefusedLine[])
          : [];
      const refused = orderable.filter((line) =>
        short.some((entry) => entry.productId === line.product!._id),
      );
      if (!refused.length) {
        // The order as a whole was refused: every line says why.
        const reason = reasonOf(error);
        failed.push(...orderable.map((line) => laterFailure(line, 'not_placed', reason)));
        break;
      }
      for (const line of refused) {
        const entry = short.find((item) => item.productId === line.product!._id)!;
        failed.push(laterFailure(line, 'not_placed', shortLineReason(entry)));
      }
      orderable = orderable.filter((line) => !refused.includes(line));
      continue;
    }
    const order = await findOrder(orderId);
    const placed = orderable.map((line): PlacedLine => {
      const product = line.product!;
      const stored = order?.lines.find((entry) => entry.productId === product._id);
      return {
        lines: line.lines,
        partNumber: line.partNumber!,
        quantity: line.quantity!,
        orderId,
        productId: product._id,
        productName: stored?.name ?? product.name,
        price: stored ? centsToDollars(stored.totalCents) : (product.price ?? 0),
      };
    });
    return {
      order: {
        _id: orderId,
        name: order?.name ?? placed[0]!.productName,
        price: order?.price ?? placed.reduce((sum, line) => sum + line.price, 0),
      },
      placed,
      failed: inTextOrder(failed),
    };
  }
  return { order: null, placed: [], failed: inTextOrder(failed) };
}
