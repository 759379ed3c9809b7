// Types only: the footer is a client component, and the catalogue's shared module would bring
// its pricing and quantity rules (and their messages) into every page's script. The categories'
// names come from the server (app/layout.tsx).
import type { CategorySlug } from '@/lib/catalogue/shared';

/** A category page of the catalogue: `/products?category=<slug>`. */
export function categoryHref(slug: CategorySlug): string {
  return `/products?category=${slug}`;
}

/** The store's short static pages (About us and the policies), linked from the footer. */
export const companyPages = [{ href: '/about', label: 'About us' }] as const;

export const legalPages = [
  { href: '/terms', label: 'Terms of sale' },
  { href: '/privacy', label: 'Privacy policy' },
  { href: '/cookies', label: 'Cookie policy' },
  { href: '/warranty', label: 'Warranty' },
] as const;

/** The categories the footer names; every category has its page in the sitemap. */
export const footerCategories: CategorySlug[] = [
  'gears',
  'bearings',
  'fasteners',
  'hydraulics',
  'valves',
];

export type FooterLink = { href: string; label: string };

/** The footer's columns, given its category links: every link leads to a real page. */
export const footerColumns = (categoryLinks: readonly FooterLink[]) => [
  {
    title: 'Company',
    // Not "Blogs"/"Contact": the navigation bar has links of those names.
    links: [
      ...companyPages,
      { href: '/blogs', label: 'Blog' },
      { href: '/contactus', label: 'Contact us' },
    ],
  },
  {
    title: 'Products',
    links: [...categoryLinks, { href: '/products', label: 'All products' }],
  },
  { title: 'Legal', links: legalPages },
];
