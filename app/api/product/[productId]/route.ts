import { NextResponse } from 'next/server';
import { ApiError } from '@/lib/api/errors';
import { objectIdParam, route } from '@/lib/api/handler';
import { findProduct } from '@/lib/data/products';

/** GET /api/product/{productId}: one product; 400 for a malformed id, 404 for an unknown one. */
export const GET = route<{ productId: string }>(async (_request, { params }) => {
  const { productId } = await params;
  objectIdParam(productId, 'product id');
  const product = await findProduct(productId);
  if (!product) throw new ApiError('not_found', 'No product has this id.');
  return NextResponse.json(product);
});
