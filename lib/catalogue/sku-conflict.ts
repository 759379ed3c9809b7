import 'server-only';
import { refuseField } from '@/lib/core/refusal';
import type { Product, ProductWrite } from '@/lib/catalogue/store';
import { fieldMessages } from '@/lib/core/messages';

/**
 * The product a write stored, refusing (409 on `sku`) when its part number is taken; null when
 * the product to change does not exist.
 */
export function withSkuConflict(write: Promise<ProductWrite<'sku_taken'>>): Promise<Product>;
export function withSkuConflict(
  write: Promise<ProductWrite<'sku_taken' | 'not_found'>>,
): Promise<Product | null>;
export async function withSkuConflict(
  write: Promise<ProductWrite<'sku_taken' | 'not_found'>>,
): Promise<Product | null> {
  const result = await write;
  if (result.ok) return result.product;
  if (result.reason === 'not_found') return null;
  throw refuseField('sku', fieldMessages.product.skuTaken, { key: 'input.conflict' });
}
