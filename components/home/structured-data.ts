import 'server-only';
import type { ItemList, Organization, Product as ProductLd, WithContext } from 'schema-dts';
import { categoryName } from '@/lib/catalogue/categories';
import type { Product } from '@/lib/data/products';
import { absoluteUrl, siteOrigin, storeName } from '@/lib/site';

/** The longest product description put into structured data. */
const MAX_DESCRIPTION = 500;

/** The store as an organisation (the home page). */
export function organizationLd(): WithContext<Organization> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: storeName,
    url: siteOrigin,
    description: `${storeName} makes its own gears, bearings, fasteners and fittings and sells them directly to businesses in bulk.`,
  };
}

/**
 * A product with its offer: the price in USD, in stock when at least one minimum order can be
 * filled from availableQuantity, and the minimum order quantity as the eligible quantity.
 * Nothing is added that the store does not hold (no ratings: reviews are of the store).
 */
export function productLd(product: Product): ProductLd {
  const inStock = product.availableQuantity >= Math.max(product.minimumOrderQuantity, 1);
  return {
    '@type': 'Product',
    name: product.name,
    description: product.description.slice(0, MAX_DESCRIPTION),
    image: absoluteUrl(product.picture),
    ...(product.sku ? { sku: product.sku } : {}),
    ...(categoryName(product.category) ? { category: categoryName(product.category)! } : {}),
    offers: {
      '@type': 'Offer',
      price: product.price,
      priceCurrency: 'USD',
      availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      eligibleQuantity: {
        '@type': 'QuantitativeValue',
        minValue: product.minimumOrderQuantity,
        unitCode: 'C62',
      },
      seller: { '@type': 'Organization', name: storeName },
    },
  };
}

/** The products a page lists, in its order; `offset` is the position before the first. */
export function productListLd(
  products: Product[],
  { name, offset = 0 }: { name: string; offset?: number },
): WithContext<ItemList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems: products.length,
    itemListElement: products.map((product, index) => ({
      '@type': 'ListItem',
      position: offset + index + 1,
      item: productLd(product),
    })),
  };
}
