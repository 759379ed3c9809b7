import 'server-only';
import type { Metadata } from 'next';
import { env } from '@/lib/core/env';
import { canonicalOrigin } from '@/lib/security/links';

/** The store's name (STORE_NAME), shown in the navigation bar, page titles and mails. */
export const storeName = env.STORE_NAME;

/**
 * The store's public origin for search engines and link previews: canonical URLs, the sitemap,
 * robots.txt, OpenGraph images and structured data. SITE_URL, else AUTH_URL, else the local
 * default (`canonicalOrigin`, lib/security/links.ts, beside the origin of mailed links); never
 * taken from a request (Next.js rewrites 127.0.0.1 to localhost there, and a Host header is the
 * client's choice). Pages that are pre-rendered read it at build time.
 */
export const siteOrigin = canonicalOrigin(env);

/** An absolute URL on the store's origin for a path (`/products`), or an absolute URL as is. */
export function absoluteUrl(pathOrUrl: string): string {
  return new URL(pathOrUrl, siteOrigin).toString();
}

/**
 * The link-preview image, drawn by app/opengraph-image.tsx. Named in every page's card: Next.js
 * adds the file's image only to pages that leave `openGraph` to the layout.
 */
export const previewImage = {
  url: '/opengraph-image',
  width: 1200,
  height: 630,
  type: 'image/png',
  alt: `${storeName}: parts direct from the manufacturer`,
};

/**
 * The metadata of a public page: its own title and description, its canonical URL, and the
 * OpenGraph and Twitter card that link previews show (the image is app/opengraph-image.tsx).
 * `title` is the page's part of the title; the layout's template adds the store's name.
 */
export function pageMetadata({
  title,
  description,
  path,
}: {
  title?: string;
  description: string;
  path: string;
}): Metadata {
  const fullTitle = title
    ? `${title} | ${storeName}`
    : `${storeName} — parts direct from the manufacturer`;
  return {
    ...(title ? { title } : {}),
    description,
    alternates: { canonical: path },
    openGraph: {
      type: 'website',
      siteName: storeName,
      locale: 'en_US',
      title: fullTitle,
      description,
      url: path,
      images: [previewImage],
    },
    // Link previews read the title, description and image size from OpenGraph when the
    // card does not repeat them.
    twitter: {
      card: 'summary_large_image',
      images: [{ url: previewImage.url, alt: previewImage.alt }],
    },
  };
}
