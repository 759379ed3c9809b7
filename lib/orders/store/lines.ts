import type { ProductDoc } from '@/lib/catalogue';
import type { OrderDoc, OrderLineDoc } from '../collections';

/**
 * An order's lines and the spec's flat fields that describe them. A one-line order's flat fields
 * are exactly that line's (and its product's), as every order had before lines. For an order of
 * several lines, chosen once and documented in the OpenAPI document (`Order`):
 * - `productId`, `picture`, `sku`, `minimumOrderQuantity`, `availableQuantity`: the first line's;
 * - `name`: the first line's name and how many more parts, "Hex bolt M8 and 2 more parts";
 * - `description`: how many parts and lines, "3 parts in one order: see its lines";
 * - `quantity`: the units of all lines together;
 * - `unitPrice`: the first line's unit price; `price`: the order's total, the sum of the lines.
 */

/** The lines of a stored order: its own, or the one line of an order from before lines. */
export function linesOf(doc: OrderDoc): OrderLineDoc[] {
  if (doc.lines?.length) return doc.lines;
  return [
    {
      productId: doc.productId,
      sku: doc.sku ?? null,
      name: doc.name,
      picture: doc.picture,
      quantity: doc.quantity,
      unitPriceCents: doc.unitPriceCents,
      totalCents: doc.totalCents,
    },
  ];
}

/** The name a multi-line order goes by where one name is shown (the spec's flat `name`). */
export function multiLineName(first: string, lineCount: number): string {
  const more = lineCount - 1;
  return `${first} and ${more} more ${more === 1 ? 'part' : 'parts'}`;
}

type FlatFields = Pick<
  OrderDoc,
  | 'productId'
  | 'quantity'
  | 'name'
  | 'picture'
  | 'description'
  | 'minimumOrderQuantity'
  | 'availableQuantity'
  | 'unitPriceCents'
  | 'totalCents'
> & { sku?: string };

/**
 * The flat fields of an order of `lines`, each priced, from the products as they were when their
 * stock was taken (`products` by product id). Null when the total is past exact integers.
 */
export function flatFieldsOf(
  lines: readonly OrderLineDoc[],
  products: ReadonlyMap<
    string,
    Pick<ProductDoc, 'description' | 'minimumOrderQuantity' | 'availableQuantity'>
  >,
): FlatFields | null {
  const totalCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const quantity = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (!Number.isSafeInteger(totalCents)) return null;
  const first = lines[0];
  if (!first) return null;
  const product = products.get(first.productId.toHexString());
  const single = lines.length === 1;
  return {
    productId: first.productId,
    quantity,
    name: single ? first.name : multiLineName(first.name, lines.length),
    picture: first.picture,
    description: single
      ? (product?.description ?? '')
      : `${lines.length} parts in one order: see its lines`,
    minimumOrderQuantity: product?.minimumOrderQuantity ?? 0,
    availableQuantity: product?.availableQuantity ?? 0,
    unitPriceCents: first.unitPriceCents,
    totalCents,
    ...(first.sku ? { sku: first.sku } : {}),
  };
}
