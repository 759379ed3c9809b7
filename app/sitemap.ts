import type { MetadataRoute } from 'next';
import { categoryHref, companyPages, legalPages } from '@/components/layout/footer-links';
import { publicLinks } from '@/components/layout/nav-links';
import { categorySlugs } from '@/lib/catalogue';
import { absoluteUrl } from '@/lib/core/site';

/**
 * /sitemap.xml: the public pages of the navigation bar, the catalogue and each category page,
 * and the footer's static pages. Product pages are left out: they need a signed-in buyer.
 *
 * One sitemap is enough, so there is no generateSitemaps split: the list is fixed (a handful of
 * pages and one URL per category of lib/catalogue/categories.ts), far below the 50,000 URLs a
 * sitemap may hold, however many products the catalogue has.
 */
export default function sitemap(): MetadataRoute.Sitemap {
  const paths = [
    ...publicLinks.map((link) => link.href),
    ...categorySlugs.map(categoryHref),
    ...companyPages.map((page) => page.href),
    ...legalPages.map((page) => page.href),
  ];
  return [...new Set(paths)].map((path) => ({
    url: absoluteUrl(path),
    changeFrequency: path === '/' || path.startsWith('/products') ? 'daily' : 'monthly',
    priority: path === '/' ? 1 : path.startsWith('/products') ? 0.8 : 0.5,
  }));
}
