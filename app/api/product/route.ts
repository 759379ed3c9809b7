import { NextResponse } from 'next/server';
import { cacheTags, expire } from '@/lib/cache';
import { parseWith, readJson, route } from '@/lib/api/handler';
import { requireAdmin } from '@/lib/auth/session';
import { createProduct, listProducts } from '@/lib/data/products';
import {
  formFields,
  imageUploadLimit,
  isFilled,
  isMultipart,
  readImageFile,
  readMultipart,
  removeImage,
  storeImage,
  type StoredImage,
} from '@/lib/images';
import { enforce } from '@/lib/rate-limit';
import {
  productFieldsSchema,
  productNumberFields,
  productSchema,
  type ProductInput,
} from '@/lib/validation/product';

export const dynamic = 'force-dynamic';

/** GET /api/product: every product. */
export const GET = route(async () => NextResponse.json(await listProducts()));

const textFields = ['name', 'description', ...productNumberFields] as const;

/**
 * POST /api/product (admin): adds a product. JSON `{ name, description, minimumOrderQuantity,
 * availableQuantity, price, picture }` with `picture` an image URL, or multipart/form-data with
 * the same fields where `picture` may instead be an image file (stored through lib/images).
 */
export const POST = route(async (request) => {
  const admin = await requireAdmin(request);

  let input: ProductInput;
  let stored: StoredImage | undefined;
  if (isMultipart(request)) {
    const form = await readMultipart(request, 'picture');
    const picture = form.get('picture');
    if (isFilled(picture)) {
      const fields = parseWith(
        productFieldsSchema,
        formFields(form, textFields, productNumberFields),
      );
      const image = await readImageFile(picture, 'picture');
      await enforce([{ limit: imageUploadLimit, key: admin.id }]);
      stored = await storeImage(image, { userId: admin.id, folder: 'products' });
      input = { ...fields, picture: stored.url };
    } else {
      input = parseWith(
        productSchema,
        formFields(form, [...textFields, 'picture'], productNumberFields),
      );
    }
  } else {
    input = parseWith(productSchema, await readJson(request));
  }

  const product = await createProduct(input).catch(async (error: unknown) => {
    if (stored) await removeImage(stored);
    throw error;
  });
  expire(cacheTags.products);
  return NextResponse.json(
    { acknowledged: true, insertedId: product._id, product },
    { status: 201 },
  );
});
