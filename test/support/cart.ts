import { GET as cartRoute, DELETE as emptyCartRoute } from '@/app/api/cart/route';
import { GET as countRoute } from '@/app/api/cart/count/route';
import { POST as addLineRoute } from '@/app/api/cart/lines/route';
import {
  DELETE as removeLineRoute,
  PUT as setLineRoute,
} from '@/app/api/cart/lines/[productId]/route';
import { POST as checkoutRoute } from '@/app/api/checkout/route';
import { json, type Who } from './orders';
import { params, request } from './users';

// The order list's endpoints and checkout, called the way the browser calls them.

const noParams = params({});

/** GET /api/cart */
export const getCart = (who: Who) =>
  json(cartRoute(request('/api/cart', { headers: who.headers }), noParams));

/** GET /api/cart/count */
export const cartCount = (who: Who) =>
  json(countRoute(request('/api/cart/count', { headers: who.headers }), noParams));

/** DELETE /api/cart */
export const emptyCart = (who: Who) =>
  json(emptyCartRoute(request('/api/cart', { method: 'DELETE', headers: who.headers }), noParams));

/** POST /api/cart/lines */
export const addLine = (who: Who, productId: string, quantity: unknown) =>
  json(
    addLineRoute(
      request('/api/cart/lines', {
        method: 'POST',
        headers: who.headers,
        json: { productId, quantity },
      }),
      noParams,
    ),
  );

/** PUT /api/cart/lines/{productId} */
export const setLine = (who: Who, productId: string, quantity: unknown) =>
  json(
    setLineRoute(
      request(`/api/cart/lines/${productId}`, {
        method: 'PUT',
        headers: who.headers,
        json: { quantity },
      }),
      params({ productId }),
    ),
  );

/** DELETE /api/cart/lines/{productId} */
export const removeLine = (who: Who, productId: string) =>
  json(
    removeLineRoute(
      request(`/api/cart/lines/${productId}`, { method: 'DELETE', headers: who.headers }),
      params({ productId }),
    ),
  );

/** POST /api/checkout */
export const checkout = (who: Who, body: unknown) =>
  json(
    checkoutRoute(
      request('/api/checkout', { method: 'POST', headers: who.headers, json: body }),
      noParams,
    ),
  );
