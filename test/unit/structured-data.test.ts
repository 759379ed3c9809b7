import { describe, expect, it } from 'vitest';
import { productLd, productListLd } from '@/app/_home/structured-data';
import { summaryLd, summaryListLd } from '@/components/home/summary-ld';
import { inStock, productSummary } from '@/lib/catalogue/summary';
import type { Product } from '@/lib/catalogue/store';

// The JSON-LD of listed products: one Offer at the price, or, with volume tiers, an
// AggregateOffer from the lowest tier price to the base price, each tier an Offer of its own.

const bearing: Product = {
  _id: '6560f0c2a1b2c3d4e5f60718',
  name: 'Deep Groove Ball Bearing 6205-2RS',
  description: 'Sealed deep-groove ball bearings.',
  minimumOrderQuantity: 500,
  availableQuantity: 42_000,
  orderMultiple: 1,
  maxOrderQuantity: null,
  price: 2.65,
  // Stored out of order on purpose: the ranges still follow the quantities.
  priceTiers: [
    { minQuantity: 20_000, price: 2.1 },
    { minQuantity: 500, price: 2.65 },
    { minQuantity: 5_000, price: 2.4 },
  ],
  picture: '/images/products/deep-groove-ball-bearing.webp',
  sku: '6205-2RS-C3',
  category: 'bearings',
};

describe('productLd', () => {
  it('states an AggregateOffer from the lowest tier price to the base price for a tiered product', () => {
    const ld = productLd(bearing);
    expect(ld).toMatchObject({ '@type': 'Product', name: bearing.name, sku: '6205-2RS-C3' });
    expect(ld.offers).toEqual({
      '@type': 'AggregateOffer',
      lowPrice: 2.1,
      highPrice: 2.65,
      offerCount: 3,
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      eligibleQuantity: { '@type': 'QuantitativeValue', minValue: 500, unitCode: 'C62' },
      seller: { '@type': 'Organization', name: expect.any(String) },
      offers: [
        {
          '@type': 'Offer',
          price: 2.65,
          priceCurrency: 'USD',
          eligibleQuantity: {
            '@type': 'QuantitativeValue',
            minValue: 500,
            maxValue: 4_999,
            unitCode: 'C62',
          },
        },
        {
          '@type': 'Offer',
          price: 2.4,
          priceCurrency: 'USD',
          eligibleQuantity: {
            '@type': 'QuantitativeValue',
            minValue: 5_000,
            maxValue: 19_999,
            unitCode: 'C62',
          },
        },
        {
          '@type': 'Offer',
          price: 2.1,
          priceCurrency: 'USD',
          eligibleQuantity: { '@type': 'QuantitativeValue', minValue: 20_000, unitCode: 'C62' },
        },
      ],
    });
  });

  it('states one Offer at the price for a product without tiers', () => {
    const plain = { ...bearing, priceTiers: [], availableQuantity: 100 };
    expect(productLd(plain).offers).toEqual({
      '@type': 'Offer',
      price: 2.65,
      priceCurrency: 'USD',
      availability: 'https://schema.org/OutOfStock',
      eligibleQuantity: { '@type': 'QuantitativeValue', minValue: 500, unitCode: 'C62' },
      seller: { '@type': 'Organization', name: expect.any(String) },
    });
  });

  it('lists each product of a page with its own kind of offer', () => {
    const list = productListLd([bearing, { ...bearing, priceTiers: [] }], { name: 'Products' });
    expect(JSON.parse(JSON.stringify(list.itemListElement))).toMatchObject([
      { position: 1, item: { offers: { '@type': 'AggregateOffer' } } },
      { position: 2, item: { offers: { '@type': 'Offer', price: 2.65 } } },
    ]);
  });
});

const ORIGIN = 'https://parts.example';
/** The summary a card is drawn from, with its in-stock flag made on the server (card-view.ts). */
const cardSummary = (product: Product) => {
  const summary = productSummary(product);
  return { ...summary, inStock: inStock(summary) };
};
const summaryLdOf = (product: Product) => summaryLd(cardSummary(product), ORIGIN);

describe('summaryLd (the home page)', () => {
  it('states the part number, category, picture and one offer from the lowest tier price', () => {
    expect(JSON.parse(JSON.stringify(summaryLdOf(bearing)))).toEqual({
      '@type': 'Product',
      name: bearing.name,
      image: 'https://parts.example/images/products/deep-groove-ball-bearing.webp',
      sku: '6205-2RS-C3',
      category: 'Bearings',
      offers: {
        '@type': 'AggregateOffer',
        lowPrice: 2.1,
        highPrice: 2.65,
        offerCount: 3,
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        eligibleQuantity: { '@type': 'QuantitativeValue', minValue: 500 },
      },
    });
  });

  it('states one Offer at the price for a product without tiers', () => {
    const plain = { ...bearing, priceTiers: [], availableQuantity: 100 };
    expect(summaryLdOf(plain).offers).toEqual({
      '@type': 'Offer',
      price: 2.65,
      priceCurrency: 'USD',
      availability: 'https://schema.org/OutOfStock',
      eligibleQuantity: { '@type': 'QuantitativeValue', minValue: 500 },
    });
  });

  it("is what the home page's list holds, in order from the offset", () => {
    const list = summaryListLd([cardSummary(bearing)], {
      name: 'Newest products',
      origin: ORIGIN,
      offset: 8,
    });
    expect(list).toMatchObject({ '@type': 'ItemList', name: 'Newest products', numberOfItems: 1 });
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 9, item: summaryLdOf(bearing) },
    ]);
  });
});
