import { cacheTags, expire } from '@/lib/core/cache';
import { ObjectId } from 'mongodb';
import { fieldError } from '@/lib/api/errors';
import { handle, reply } from '@/lib/api/handle';
import { addProductOp, listProductsOp } from '@/lib/catalogue/api';
import { pageHeaders } from '@/lib/api/pagination';
import { createProduct, searchCatalogue, type Product } from '@/lib/catalogue';
import { withSkuConflict } from '@/lib/catalogue';
import {
  attachUploadByUrl,
  detachUpload,
  imageMessages,
  readImageUpload,
  withStoredImage,
} from '@/lib/images';
import {
  pictureField,
  productFieldsSchema,
  productNumberFields,
  type ProductInput,
} from '@/lib/catalogue';

export const dynamic = 'force-dynamic';

/**
 * GET /api/product: one page of the catalogue, as a JSON array of products. `?q=` searches
 * (exact part number, then part-number prefix, then full text), `?category=` filters,
 * `?sort=newest|price-asc|price-desc|name`, `?page=` (from 1) and `?limit=` (default 50, at
 * most 100) page. `X-Total-Count` gives the number of matches and `Link` the next and previous
 * pages (RFC 8288, as paths keeping the other parameters). A bad parameter answers 400 with
 * the parameter's message in `details.fields`.
 */
export const GET = handle(
  listProductsOp,
  async ({ request, query }) => {
    const result = await searchCatalogue(query);
    return reply(result.items, { status: 200, headers: pageHeaders(new URL(request.url), result) });
  },
  // Every value of each parameter, as a page gets them: the schema takes the first.
  { everyQueryValue: true },
);

/** Adds the product, answering 409 on `sku` when its part number is taken. */
function addProduct(input: Parameters<typeof createProduct>[0], id?: ObjectId): Promise<Product> {
  return withSkuConflict(createProduct(input, id));
}

/**
 * Adds a product whose picture is given as a URL. When the URL is an upload's that nothing uses
 * yet, the upload is attached to the product first (so the orphan sweep keeps it), and detached
 * again if the product is not saved; an upload already in use stays where it is attached and
 * the product shows it too; an upload the sweep is removing is refused (422 on `picture`).
 */
async function addProductWithPictureUrl(input: ProductInput): Promise<Product> {
  const to = { kind: 'product' as const, id: new ObjectId() };
  const outcome = await attachUploadByUrl(input.picture, to);
  if (outcome === 'gone') throw fieldError('picture', imageMessages.removed);
  try {
    return await addProduct(input, to.id);
  } catch (error) {
    if (outcome === 'attached') await detachUpload(input.picture, to);
    throw error;
  }
}

/**
 * POST /api/product (admin): adds a product. JSON `{ name, description, minimumOrderQuantity,
 * availableQuantity, price, picture, sku, category, priceTiers? }` with `picture` an image URL,
 * or multipart/form-data with the same fields where `picture` may instead be an image file
 * (stored through lib/images, and removed again when the product is not saved) and
 * `priceTiers` is one field holding the JSON list. `priceTiers` (optional) is the volume price
 * list `[{ minQuantity, price }]`, its rules in lib/catalogue/validation/product.ts. A part number
 * another product has (in any case) answers 409 on `sku`.
 */
export const POST = handle(addProductOp, async ({ request, user: admin, body }) => {
  // No JSON body: the product came as a multipart/form-data upload.
  const product = body
    ? await addProductWithPictureUrl(body)
    : await productFromForm(request, admin.id);
  await expire(cacheTags.products);
  return { acknowledged: true, insertedId: product._id, product };
});

async function productFromForm(request: Request, userId: string) {
  const { fields, image, url } = await readImageUpload(request, {
    field: 'picture',
    schema: productFieldsSchema,
    numeric: productNumberFields,
    orUrl: pictureField,
  });
  if (!image) return addProductWithPictureUrl({ ...fields, picture: url });
  return withStoredImage<Product>(
    image,
    {
      userId,
      folder: 'products',
      field: 'picture',
      attachTo: (product: Product) => ({ kind: 'product', id: new ObjectId(product._id) }),
    },
    (stored) => addProduct({ ...fields, picture: stored.url }),
  );
}
