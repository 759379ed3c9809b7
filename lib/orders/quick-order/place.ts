import 'server-only';
import type { User } from '@/lib/accounts';
import { errorMessages, quickOrderMessages as m } from '@/lib/core/messages';
import { enforce } from '@/lib/core/rate-limit';
import { RefusalError, refusalText, refuse } from '@/lib/core/refusal';
import { placeOrderLimit } from '../limits';
import { placeOrderFor } from '../place-order';
import { findOrder, publicOrder } from '../store';
import type { QuickOrderPlaceInput } from '../validation/quick-order';
import { checkQuickOrder, type QuickOrderLineStatus } from './check';

type Buyer = Pick<User, 'id' | 'name' | 'email' | 'emailVerified'>;

/** A line placed as an order. */
export interface PlacedLine {
  lines: number[];
  partNumber: string;
  quantity: number;
  orderId: string;
  productId: string;
  productName: string;
  /** The order's total in US dollars, as stored on the order. */
  price: number;
}

/** A line that was not placed, with why. */
export interface FailedLine {
  lines: number[];
  text: string;
  partNumber: string | null;
  quantity: number | null;
  /** The check's status, or `not_placed` for a line refused when its order was placed. */
  status: Exclude<QuickOrderLineStatus, 'ok'> | 'not_placed';
  message: string;
}

export interface QuickOrderResult {
  placed: PlacedLine[];
  failed: FailedLine[];
}

/**
 * Why an order could not be placed, in the words its refusal gives a person: the first field
 * issue of an input refusal (a quantity above the stock), else the refusal's sentence.
 */
function reasonOf(error: unknown): string {
  if (error instanceof RefusalError) {
    const { refusal } = error;
    return Object.values(refusal.fields ?? {})[0]?.[0] ?? refusalText(refusal);
  }
  console.error('[quick-order] a line could not be placed', error);
  return errorMessages['server.internal'].message;
}

/**
 * Places a quick order for the signed-in buyer: the lines are checked again now, and each
 * line that may be ordered becomes one order with the delivery fields, placed one after the
 * other by `placeOrderFor` (stock reserved by its one conditional update, the unpaid-orders cap
 * and every other rule of POST /api/order). A line refused at that moment (its stock taken
 * meanwhile, the cap reached) is reported with its reason and the others stand. Each order
 * counts against the same per-user hourly limit as POST /api/order, all of them before any is
 * placed (429 and nothing placed when they do not fit). 422 when no line may be ordered.
 */
export async function placeQuickOrder(
  buyer: Buyer,
  input: QuickOrderPlaceInput,
  origin: string,
): Promise<QuickOrderResult> {
  const report = await checkQuickOrder(input.text);
  const orderable = report.lines.filter((line) => line.status === 'ok');
  if (!orderable.length) {
    throw refuse('quick_order.nothing_to_place', { details: { lines: report.lines } });
  }
  await enforce([{ limit: placeOrderLimit, key: buyer.id, weight: orderable.length }]);

  const placed: PlacedLine[] = [];
  const failed: FailedLine[] = [];
  for (const line of report.lines) {
    if (line.status !== 'ok') {
      failed.push({
        lines: line.lines,
        text: line.text,
        partNumber: line.partNumber,
        quantity: line.quantity,
        status: line.status,
        message: line.message ?? m.malformed,
      });
      continue;
    }
    const product = line.product!;
    try {
      const orderId = await placeOrderFor(
        buyer,
        {
          productId: product._id,
          quantity: line.quantity!,
          address: input.address,
          phone: input.phone,
          ...(input.poNumber ? { poNumber: input.poNumber } : {}),
        },
        origin,
      );
      const order = await findOrder(orderId);
      placed.push({
        lines: line.lines,
        partNumber: line.partNumber!,
        quantity: line.quantity!,
        orderId,
        productId: product._id,
        productName: order?.name ?? product.name,
        price: order ? publicOrder(order).price : (product.price ?? 0),
      });
    } catch (error) {
      failed.push({
        lines: line.lines,
        text: line.text,
        partNumber: line.partNumber,
        quantity: line.quantity,
        status: 'not_placed',
        message: reasonOf(error),
      });
    }
  }
  const first = (entry: { lines: number[] }) => entry.lines[0] ?? 0;
  failed.sort((a, b) => first(a) - first(b));
  return { placed, failed };
}
