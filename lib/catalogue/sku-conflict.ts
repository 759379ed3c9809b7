import 'server-only';
import { refuseField } from '@/lib/core/refusal';
import { SkuTakenError } from '@/lib/catalogue/store';
import { fieldMessages } from '@/lib/core/messages';

/** A product write that answers 409 on `sku` when its part number is taken (in any case). */
export function withSkuConflict<T>(write: Promise<T>): Promise<T> {
  return write.catch((error: unknown) => {
    if (!(error instanceof SkuTakenError)) throw error;
    throw refuseField('sku', fieldMessages.product.skuTaken, { key: 'input.conflict' });
  });
}
