import { NextResponse } from 'next/server';
import { cacheTags, expire } from '@/lib/cache';
import { failure } from '@/lib/api/errors';
import { objectIdParam, route } from '@/lib/api/handler';
import { requireAdmin } from '@/lib/auth/session';
import { deleteProduct, findProduct } from '@/lib/data/products';

/** GET /api/product/{productId}: one product; 400 for a malformed id, 404 for an unknown one. */
export const GET = route<{ productId: string }>(async (_request, { params }) => {
  const { productId } = await params;
  objectIdParam(productId, 'product id');
  const product = await findProduct(productId);
  if (!product) throw failure('product.not_found');
  return NextResponse.json(product);
});

/**
 * DELETE /api/product/{productId} (admin): removes the product from the catalogue. Orders
 * already placed keep their own copy of its details.
 */
export const DELETE = route<{ productId: string }>(async (request, { params }) => {
  const { productId } = await params;
  objectIdParam(productId, 'product id');
  await requireAdmin(request);
  if (!(await deleteProduct(productId))) throw failure('product.not_found');
  expire(cacheTags.products);
  return NextResponse.json({ acknowledged: true, deletedCount: 1 });
});
