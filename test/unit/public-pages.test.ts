import { describe, expect, it } from 'vitest';
import sitemap from '@/app/sitemap';
import { PUBLIC_PAGES } from '@/lib/public-pages.mjs';

// The one list of public pages (weighed by `npm run bench`, checked with axe-core by the e2e
// run) cannot fall behind the store: it is the sitemap's pages, plus /home and the sign-in and
// sign-up pages that robots.txt keeps out of search engines.

describe('PUBLIC_PAGES', () => {
  it("is the sitemap's pages (without /products' category views), /home, /login and /signup", () => {
    const sitemapPages = sitemap()
      .map((entry) => new URL(entry.url))
      .filter((url) => url.search === '')
      .map((url) => url.pathname);
    expect([...PUBLIC_PAGES].sort()).toEqual(
      [...new Set([...sitemapPages, '/home', '/login', '/signup'])].sort(),
    );
  });

  it('names each page once', () => {
    expect(new Set(PUBLIC_PAGES).size).toBe(PUBLIC_PAGES.length);
  });
});
