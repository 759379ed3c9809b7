import 'server-only';
import type {
  AggregateOffer,
  ItemList,
  Offer,
  Organization,
  Product as ProductLd,
  QuantitativeValue,
  WithContext,
} from 'schema-dts';
import { categoryName } from '@/lib/catalogue/shared';
import { lowestPriceCents, priceListOf } from '@/lib/catalogue/shared';
import type { Product } from '@/lib/catalogue';
import { inStock } from '@/lib/catalogue/shared';
import { centsToDollars } from '@/lib/core/money';
import { itemListLd } from '@/components/home/summary-ld';
import { absoluteUrl, siteOrigin, storeName } from '@/lib/core/site';

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
 * A product with its offer: in stock when at least one minimum order can be filled from
 * availableQuantity, and the minimum order quantity as the eligible quantity, in USD. A product
 * with volume price tiers has an `AggregateOffer` from its lowest tier price (`lowPrice`) to
 * its base price (`highPrice`), listing each tier as an `Offer` for its range of quantities;
 * any other product one `Offer` at its price. Nothing is added that the store does not hold
 * (no ratings: reviews are of the store).
 */
export function productLd(product: Product): ProductLd {
  const seller = { '@type': 'Organization', name: storeName } as const;
  const common = {
    priceCurrency: 'USD',
    availability: inStock(product) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    eligibleQuantity: quantityRange(product.minimumOrderQuantity),
    seller,
  } as const;
  const tiers = [...product.priceTiers].sort((a, b) => a.minQuantity - b.minQuantity);
  const offers: Offer | AggregateOffer =
    tiers.length > 0
      ? {
          '@type': 'AggregateOffer',
          lowPrice: centsToDollars(lowestPriceCents(priceListOf(product))),
          highPrice: product.price,
          offerCount: tiers.length,
          ...common,
          offers: tiers.map((tier, index) => ({
            '@type': 'Offer',
            price: tier.price,
            priceCurrency: 'USD',
            eligibleQuantity: quantityRange(tier.minQuantity, tiers[index + 1]?.minQuantity),
          })),
        }
      : { '@type': 'Offer', price: product.price, ...common };
  return {
    '@type': 'Product',
    name: product.name,
    description: product.description.slice(0, MAX_DESCRIPTION),
    image: absoluteUrl(product.picture),
    ...(product.sku ? { sku: product.sku } : {}),
    ...(categoryName(product.category) ? { category: categoryName(product.category)! } : {}),
    offers,
  };
}

/** Units from `min` on, up to the unit before `nextFrom` when another range starts there. */
function quantityRange(min: number, nextFrom?: number): QuantitativeValue {
  return {
    '@type': 'QuantitativeValue',
    minValue: min,
    ...(nextFrom !== undefined ? { maxValue: nextFrom - 1 } : {}),
    unitCode: 'C62',
  };
}

/** The products a page lists, in its order; `offset` is the position before the first. */
export function productListLd(
  products: Product[],
  {
    name,
    offset = 0,
  }: {
    name: string;
    offset?: number;
  },
): WithContext<ItemList> {
  return itemListLd(products.map(productLd), { name, offset });
}
