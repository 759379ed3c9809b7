import { NextResponse } from 'next/server';
import { cacheTags, expire } from '@/lib/cache';
import { parseWith, readJson, route } from '@/lib/api/handler';
import { requireAdmin } from '@/lib/auth/session';
import { createProduct, listProducts } from '@/lib/data/products';
import { isMultipart, readImageUpload, withStoredImage } from '@/lib/images';
import {
  pictureField,
  productFieldsSchema,
  productNumberFields,
  productSchema,
} from '@/lib/validation/product';

export const dynamic = 'force-dynamic';

/** GET /api/product: every product. */
export const GET = route(async () => NextResponse.json(await listProducts()));

/**
 * POST /api/product (admin): adds a product. JSON `{ name, description, minimumOrderQuantity,
 * availableQuantity, price, picture }` with `picture` an image URL, or multipart/form-data with
 * the same fields where `picture` may instead be an image file (stored through lib/images, and
 * removed again when the product is not saved).
 */
export const POST = route(async (request) => {
  const admin = await requireAdmin(request);
  const product = isMultipart(request)
    ? await productFromForm(request, admin.id)
    : await createProduct(parseWith(productSchema, await readJson(request)));
  expire(cacheTags.products);
  return NextResponse.json(
    { acknowledged: true, insertedId: product._id, product },
    { status: 201 },
  );
});

async function productFromForm(request: Request, userId: string) {
  const { fields, image, url } = await readImageUpload(request, {
    field: 'picture',
    schema: productFieldsSchema,
    numeric: productNumberFields,
    orUrl: pictureField,
  });
  if (!image) return createProduct({ ...fields, picture: url });
  return withStoredImage(image, { userId, folder: 'products' }, (stored) =>
    createProduct({ ...fields, picture: stored.url }),
  );
}
