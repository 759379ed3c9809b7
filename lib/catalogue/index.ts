/**
 * The catalogue: products (store.ts; search.ts, stock.ts), categories, volume pricing, part numbers, the demo catalogue and its seed.
 * The feature's public face for server code: app/, lib/api and other features import it from here only.
 */
export * from './categories';
export * from './price-tiers';
export * from './pricing';
export * from './lookup';
export * from './quantity';
export * from './search';
export * from './seed';
export * from './sku-conflict';
export * from './stock';
export * from './stock-moves';
export * from './store';
export * from './validation/product';
export * from './validation/quantity';
export type { MetaDoc, PriceTierDoc, ProductDoc } from './collections';
export * from './migrations';
