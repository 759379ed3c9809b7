// Every public page of the store (open without signing in), once: the benchmark weighs each
// (bench/budgets.mjs) and the accessibility test checks each (e2e/accessibility.spec.ts).
// test/unit/public-pages.test.ts keeps it equal to the sitemap's pages (app/sitemap.ts, without
// the category views of /products) plus /home and the sign-in and sign-up pages.

/** @type {readonly string[]} */
export const PUBLIC_PAGES = [
  '/',
  '/home',
  '/products',
  '/blogs',
  '/myportfolio',
  '/contactus',
  '/about',
  '/privacy',
  '/terms',
  '/cookies',
  '/warranty',
  '/login',
  '/signup',
];
