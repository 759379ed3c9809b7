import { NextResponse } from 'next/server';
import { cacheTags, expire } from '@/lib/cache';
import { fieldIssues, fieldsError } from '@/lib/api/errors';
import { parseWith, readJson, route } from '@/lib/api/handler';
import { requireAdmin } from '@/lib/auth/session';
import {
  createProduct,
  searchCatalogue,
  type CataloguePage,
  type Product,
} from '@/lib/data/products';
import { withSkuConflict } from '@/lib/catalogue/sku-conflict';
import { isMultipart, readImageUpload, withStoredImage } from '@/lib/images';
import {
  catalogueQuerySchema,
  pictureField,
  productFieldsSchema,
  productNumberFields,
  productSchema,
} from '@/lib/validation/product';

export const dynamic = 'force-dynamic';

/**
 * GET /api/product: one page of the catalogue, as a JSON array of products. `?q=` searches
 * (exact part number, then part-number prefix, then full text), `?category=` filters,
 * `?sort=newest|price-asc|price-desc|name`, `?page=` (from 1) and `?limit=` (default 50, at
 * most 100) page. `X-Total-Count` gives the number of matches and `Link` the next and previous
 * pages (RFC 8288, as paths keeping the other parameters). A bad parameter answers 400 with
 * the parameter's message in `details.fields`.
 */
export const GET = route(async (request) => {
  const url = new URL(request.url);
  // Every value of each parameter, as a page gets them: the schema takes the first.
  const params = Object.fromEntries(
    [...new Set(url.searchParams.keys())].map((key) => [key, url.searchParams.getAll(key)]),
  );
  const parsed = catalogueQuerySchema.safeParse(params);
  if (!parsed.success) throw fieldsError(fieldIssues(parsed.error), 'bad_request');
  const result = await searchCatalogue(parsed.data);
  const headers = new Headers({ 'X-Total-Count': String(result.total) });
  const link = pageLinks(url, result);
  if (link) headers.set('Link', link);
  return NextResponse.json(result.items, { headers });
});

/** The Link header of a page: `rel="prev"` and `rel="next"` where those pages exist. */
function pageLinks(url: URL, result: CataloguePage): string | null {
  const at = (page: number) => {
    const params = new URLSearchParams(url.searchParams);
    params.set('page', String(page));
    return `<${url.pathname}?${params}>`;
  };
  const links: string[] = [];
  if (result.page > 1) links.push(`${at(Math.min(result.page - 1, result.pages))}; rel="prev"`);
  if (result.page < result.pages) links.push(`${at(result.page + 1)}; rel="next"`);
  return links.length ? links.join(', ') : null;
}

/** Adds the product, answering 409 on `sku` when its part number is taken. */
function addProduct(input: Parameters<typeof createProduct>[0]): Promise<Product> {
  return withSkuConflict(createProduct(input));
}

/**
 * POST /api/product (admin): adds a product. JSON `{ name, description, minimumOrderQuantity,
 * availableQuantity, price, picture, sku, category, priceTiers? }` with `picture` an image URL,
 * or multipart/form-data with the same fields where `picture` may instead be an image file
 * (stored through lib/images, and removed again when the product is not saved) and
 * `priceTiers` is one field holding the JSON list. `priceTiers` (optional) is the volume price
 * list `[{ minQuantity, price }]`, its rules in lib/validation/product.ts. A part number
 * another product has (in any case) answers 409 on `sku`.
 */
export const POST = route(async (request) => {
  const admin = await requireAdmin(request);
  const product = isMultipart(request)
    ? await productFromForm(request, admin.id)
    : await addProduct(parseWith(productSchema, await readJson(request)));
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
  if (!image) return addProduct({ ...fields, picture: url });
  return withStoredImage(image, { userId, folder: 'products' }, (stored) =>
    addProduct({ ...fields, picture: stored.url }),
  );
}
