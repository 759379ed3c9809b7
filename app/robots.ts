import type { MetadataRoute } from 'next';
import { absoluteUrl, siteOrigin } from '@/lib/core/site';

/** /robots.txt: public pages are open to crawlers; accounts, the dashboard and the API are not. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: '*',
      allow: '/',
      disallow: ['/dashboard', '/api', '/login', '/signup', '/reset-password', '/auth'],
    },
    sitemap: absoluteUrl('/sitemap.xml'),
    host: siteOrigin,
  };
}
