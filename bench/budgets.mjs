// The performance budgets `npm run bench` checks (scripts/bench.mjs), in one place. Each figure
// the benchmark prints is shown with its budget and PASS or FAIL beside it. A benchmark, not a
// test: CI does not run it (the figures depend on the machine and its load).

/** Public pages, whose first-load JavaScript (gzip) is held to `publicFirstLoadJs`. */
export { PUBLIC_PAGES } from '../lib/public-pages.mjs';

/**
 * Dashboard pages (signed in: buyer pages as a buyer, admin pages as an admin); an order's page
 * (/dashboard/order/{id}) is measured too, with an order placed for it.
 */
export const BUYER_DASHBOARD_PAGES = [
  '/dashboard',
  '/dashboard/order',
  '/dashboard/review',
  '/dashboard/quick-order',
  '/dashboard/quotes',
  '/dashboard/cart',
];
export const ADMIN_DASHBOARD_PAGES = [
  '/dashboard/manageproduct',
  '/dashboard/addaproduct',
  '/dashboard/users',
  '/dashboard/manageorder',
];

/** Pages Lighthouse (mobile) scores, median of `LIGHTHOUSE_RUNS` runs each. */
export const LIGHTHOUSE_PAGES = ['/', '/products', '/blogs', '/login'];
export const LIGHTHOUSE_RUNS = 3;

export const budgets = {
  /** First-load JS (gzip) of every public page, bytes. */
  publicFirstLoadJs: 150 * 1024,
  /** First-load JS (gzip) of every dashboard page, bytes. */
  dashboardFirstLoadJs: 190 * 1024,
  /** The home page's HTML with the demo catalogue, uncompressed bytes. */
  homeHtml: 60 * 1024,
  /** Requests per second of / over those of /myportfolio (static), same build, same run. */
  homeStaticRatio: 0.8,
  /** Requests per second of POST /api/order (50 buyers) over GET /api/health, same run. */
  orderHealthRatio: 0.5,
  /** p99 latency of POST /api/order at 50 concurrent buyers, ms (strictly below). */
  orderP99Ms: 100,
  /** Lighthouse mobile, median of the runs, each page. */
  lighthouse: { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 },
  /** Lighthouse largest contentful paint, median, ms. */
  lcpMs: 2000,
  /** A 100-line order placed (POST /api/checkout, embedded engine), median, ms (strictly below). */
  lineOrderMedianMs: 250,
  /** A 100-line cart priced from a company's 10,000-entry price list (contractFor + resolveUnitPrice), median, ms (strictly below). */
  contractCartMedianMs: 50,
  /** Time at 10,000 products over time at 20 products (uncached home; GET /api/product). */
  scaleRatio: 1.2,
};

/** Concurrent buyers (and connections for GET /api/health) of the order load. */
export const ORDER_CONNECTIONS = 50;
