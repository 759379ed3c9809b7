import { requestUser } from '@/lib/accounts';
import { handle, reply } from '@/lib/api/handle';
import { errorResponse, parseWith } from '@/lib/api/handler';
import { requestIdOf } from '@/lib/core/log';
import { memberPrices } from '@/lib/pricing';
import { memberPricesOp, memberPricesQuerySchema, productIdsOf } from '@/lib/pricing/api';

export const dynamic = 'force-dynamic';

/**
 * Every answer of this route, its failures included: per person, so no shared cache (a CDN, a
 * proxy) keeps one, nor gives one person's answer to another.
 */
const PRIVATE_ANSWER = {
  'Cache-Control': 'private, no-store',
  Vary: 'Cookie, Authorization',
} as const;

/**
 * GET /api/prices?productIds=a,b,c: the signed-in company member's own contract prices of
 * these products (`memberPrices`), for the product cards of the public pages, which are cached
 * and show list prices only. A guest (or a person without a contract) gets no prices, with a
 * 200: the pages ask without knowing who is signed in. A bad `productIds` is a 422.
 */
export const GET = handle(
  memberPricesOp,
  async ({ request }) => {
    try {
      const query = parseWith(memberPricesQuerySchema, {
        productIds: new URL(request.url).searchParams.get('productIds') ?? undefined,
      });
      const person = await requestUser(request);
      return reply(await memberPrices(person, productIdsOf(query)), {
        status: 200,
        headers: PRIVATE_ANSWER,
      });
    } catch (error) {
      const response = errorResponse(error, requestIdOf(request));
      for (const [name, value] of Object.entries(PRIVATE_ANSWER)) {
        response.headers.set(name, value);
      }
      return response;
    }
  },
  // The query's refusal is a 422 (its values are wrong, not its form), answered here with the
  // private headers; the declaration still documents it.
  { ownQuery: true },
);
