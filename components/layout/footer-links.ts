import { categoryName, type CategorySlug } from '@/lib/catalogue/shared';

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
const footerCategories: CategorySlug[] = ['gears', 'bearings', 'fasteners', 'hydraulics', 'valves'];

/** The footer's columns: every link leads to a real page. */
export const footerColumns = [
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
    links: [
      ...footerCategories.map((slug) => ({ href: categoryHref(slug), label: categoryName(slug)! })),
      { href: '/products', label: 'All products' },
    ],
  },
  { title: 'Legal', links: legalPages },
] as const;
