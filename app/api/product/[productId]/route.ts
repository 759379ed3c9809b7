import { cacheTags, expire } from '@/lib/core/cache';
import { failure } from '@/lib/api/errors';
import { handle } from '@/lib/api/handle';
import { parseWith, readJson } from '@/lib/api/handler';
import { deleteProductOp, getProductOp, updateProductOp } from '@/lib/catalogue/api';
import { updateOrderQuantities, updatePriceTiers } from '@/lib/catalogue';
import { withSkuConflict } from '@/lib/catalogue';
import { deleteProduct, findProduct, setPartNumber } from '@/lib/catalogue';
import { orderQuantityKeys, productPatchSchema } from '@/lib/catalogue';

/** GET /api/product/{productId}: one product; 400 for a malformed id, 404 for an unknown one. */
export const GET = handle(getProductOp, async ({ params: { productId } }) => {
  const product = await findProduct(productId);
  if (!product) throw failure('product.not_found');
  return product;
});

/**
 * PATCH /api/product/{productId} (admin), one change per request:
 * - `{ sku, category }` sets the product's part number and category, for products added
 *   before they existed or to correct them. 409 on `sku` when another product has the part
 *   number (in any case).
 * - `{ priceTiers: [{ minQuantity, price }] }` replaces its volume price list (`[]` removes
 *   it), checked against the product's minimum order quantity, base price and carton size
 *   (422 per row).
 * - `{ minimumOrderQuantity?, orderMultiple?, maxOrderQuantity?, priceTiers? }` (any of the
 *   first three) sets its order quantities (`maxOrderQuantity: null` removes the maximum),
 *   checked with the stored product's other fields (422 per field, stored fields included).
 */
export const PATCH = handle(
  updateProductOp,
  async ({ request, params: { productId } }) => {
    const body = (await readJson(request)) as object;
    const [partNumberChange, priceTiersChange, quantitiesChange] = productPatchSchema.options;
    const product = orderQuantityKeys.some((key) => key in body)
      ? await updateOrderQuantities(productId, parseWith(quantitiesChange, body))
      : 'priceTiers' in body
        ? await updatePriceTiers(productId, parseWith(priceTiersChange, body).priceTiers)
        : await withSkuConflict(setPartNumber(productId, parseWith(partNumberChange, body)));
    if (!product) throw failure('product.not_found');
    await expire(cacheTags.products);
    return product;
  },
  // The change is told by its keys, each option checked on its own.
  { ownBody: true },
);

/**
 * DELETE /api/product/{productId} (admin): removes the product from the catalogue. Orders
 * already placed keep their own copy of its details.
 */
export const DELETE = handle(deleteProductOp, async ({ params: { productId } }) => {
  if (!(await deleteProduct(productId))) throw failure('product.not_found');
  await expire(cacheTags.products);
  return { acknowledged: true, deletedCount: 1 };
});
