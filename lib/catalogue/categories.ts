/**
 * The catalogue's categories: a fixed list, each with the slug used in URLs
 * (`/products?category=bearings`) and stored on products, and the name people read. Adding a
 * category is a one-line change here; a product's category must be one of these.
 */
export const categories = [
  { slug: 'gears', name: 'Gears' },
  { slug: 'bearings', name: 'Bearings' },
  { slug: 'fasteners', name: 'Fasteners' },
  { slug: 'hydraulics', name: 'Hydraulics' },
  { slug: 'valves', name: 'Valves' },
  { slug: 'bushings', name: 'Bushings' },
  { slug: 'power-transmission', name: 'Power Transmission' },
  { slug: 'springs', name: 'Springs' },
  { slug: 'pipe-fittings', name: 'Pipe Fittings' },
] as const;

export type CategorySlug = (typeof categories)[number]['slug'];

export const categorySlugs = categories.map((category) => category.slug) as [
  CategorySlug,
  ...CategorySlug[],
];

/** The name of a category slug, or null for an unknown one. */
export function categoryName(slug: string | null | undefined): string | null {
  return categories.find((category) => category.slug === slug)?.name ?? null;
}
