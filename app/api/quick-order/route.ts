import { handle } from '@/lib/api/handle';
import { placeQuickOrderOp } from '@/lib/orders/api';
import { placeQuickOrder } from '@/lib/orders';
import { linkOrigin } from '@/lib/security';

/**
 * POST /api/quick-order: places the lines of a quick order (`part number, quantity`, at most
 * 20) for the signed-in person as ONE order of every line that may be ordered, with one
 * delivery address, phone and optional PO number (lib/orders/quick-order/ decides every rule).
 * Answers `{ order, placed, failed }`: the order, its lines, and every other line with why it
 * was not placed.
 */
export const POST = handle(placeQuickOrderOp, ({ user, body }) =>
  placeQuickOrder(user, body, linkOrigin()),
);
