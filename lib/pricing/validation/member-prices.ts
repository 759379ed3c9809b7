import { z } from 'zod';
import { ID_DIGITS } from '@/lib/core/ids';
import { MAX_MEMBER_PRICE_IDS } from '../shared';

/**
 * The query of `GET /api/prices`: the products whose member prices are asked, as product ids
 * separated by commas (`?productIds=66a1…,66a2…`), 1 to 100 of them.
 */

export const memberPricesMessages = {
  productIds: `productIds must be 1 to ${MAX_MEMBER_PRICE_IDS} product ids (24 hexadecimal digits each) separated by commas`,
} as const;

/** 1 to MAX_MEMBER_PRICE_IDS ids, one comma between two. */
const PRODUCT_ID_LIST = new RegExp(
  `^${ID_DIGITS}(?:,${ID_DIGITS}){0,${MAX_MEMBER_PRICE_IDS - 1}}$`,
);

export const memberPricesQuerySchema = z.object({
  productIds: z
    .string({ error: memberPricesMessages.productIds })
    .regex(PRODUCT_ID_LIST, memberPricesMessages.productIds),
});

export type MemberPricesQuery = z.infer<typeof memberPricesQuerySchema>;

/** The ids a valid query names, in its order (`memberPrices` reads each once). */
export function productIdsOf(query: MemberPricesQuery): string[] {
  return query.productIds.split(',');
}
