// The performance and accessibility budgets `npm run bench` checks (scripts/bench.mjs), in one
// place. Each figure the benchmark prints is shown with its budget and PASS or FAIL beside it.
// Budgets on what a browser sees are set against the framework's floor, measured in the same run:
// an empty Next.js App Router page (scripts/lib/bench-floor.mjs) built with the same `next` and
// served by the same server, so they read "what the store adds to what Next.js itself costs".
// A benchmark, not a test: CI does not run it (the figures depend on the machine and its load).

/** Public pages, whose first-load JavaScript (gzip) is held to the floor's plus `publicJsOverFloor`. */
export { PUBLIC_PAGES } from '../lib/public-pages.mjs';

/**
 * Dashboard pages (signed in: buyer pages as a member of a company on account, admin pages as an
 * admin); the pages of one order, invoice, company and price list are measured too, with data
 * made for them.
 */
export const BUYER_DASHBOARD_PAGES = [
  '/dashboard',
  '/dashboard/order',
  '/dashboard/review',
  '/dashboard/quick-order',
  '/dashboard/quotes',
  '/dashboard/cart',
  '/dashboard/company',
  '/dashboard/company/orders',
  '/dashboard/approvals',
  '/dashboard/invoices',
  '/dashboard/statement',
];
export const ADMIN_DASHBOARD_PAGES = [
  '/dashboard/manageproduct',
  '/dashboard/addaproduct',
  '/dashboard/users',
  '/dashboard/manageorder',
  '/dashboard/companies',
  '/dashboard/price-lists',
];

/** Pages Lighthouse (mobile, applied throttling) scores, each with the floor, `LIGHTHOUSE_RUNS` runs. */
export const LIGHTHOUSE_PAGES = ['/', '/products', '/blogs', '/login'];
export const LIGHTHOUSE_RUNS = 5;

export const budgets = {
  /** First-load JS (gzip) of every public page over the floor page's, bytes. */
  publicJsOverFloor: 15 * 1024,
  /** First-load JS (gzip) of every dashboard page over the floor page's, bytes. */
  dashboardJsOverFloor: 60 * 1024,
  /** The home page's HTML with the demo catalogue, uncompressed bytes. */
  homeHtml: 60 * 1024,
  /** Requests per second of / over those of /myportfolio (static), same build, same run. */
  homeStaticRatio: 0.8,
  /** Lighthouse mobile category scores, median of the runs, each page (SEO on indexable pages). */
  lighthouse: { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 },
  /** Largest contentful paint over the floor's, medians of the same run, ms. */
  lcpOverFloorMs: 300,
  /** Total blocking time over the floor's, medians of the same run, ms. */
  tbtOverFloorMs: 50,
  /** POST /api/order at a steady arrival rate (open loop): orders per second, for seconds. */
  orderRate: { perSecond: 100, seconds: 20, buyers: 100 },
  /** p99 latency of POST /api/order at that steady rate, ms (strictly below). */
  orderRateP99Ms: 100,
  /** Requests per second of POST /api/order (50 buyers, closed loop) over GET /api/health, same run. */
  orderHealthRatio: 0.5,
  /** A 100-line order placed (POST /api/checkout, embedded engine), median, ms (strictly below). */
  lineOrderMedianMs: 250,
  /** A 100-line cart priced from a company's 10,000-entry price list (contractFor + resolveUnitPrice), median, ms (strictly below). */
  contractCartMedianMs: 50,
  /** Time with the scale data over time with the demo data (each figure of the scale section). */
  scaleRatio: 1.2,
  /** axe-core violations of impact serious or critical, every page, 1280 and 390 px wide. */
  axeSeriousOrCritical: 0,
};

/** Concurrent buyers (and connections for GET /api/health) of the closed-loop order load. */
export const ORDER_CONNECTIONS = 50;

/** The scale data: `npm run seed -- --products 10000 --orders 100000 --companies 1000`. */
export const SCALE = { products: 10_000, orders: 100_000, companies: 1_000 };
