// @ts-check
/**
 * The security headers of every response the storefront sends: pages (pre-rendered or not),
 * route handlers, images, static files, error pages and the proxy's redirects. next.config.mjs
 * serves them through `headers()`, so they are written into the build's routes manifest when
 * `next build` runs: the origins below come from the environment of the build, and a change to
 * STRIPE_API_BASE or CLOUDINARY_URL needs a new build to reach the policy.
 *
 * Plain ES module with JSDoc types, because next.config.mjs imports it before any TypeScript
 * is compiled; the unit test (test/unit/security-headers.test.ts) imports it as it is.
 */

/** Stripe.js and the frames it opens; Stripe's security guide also names its subdomains. */
export const STRIPE_JS_ORIGINS = ['https://js.stripe.com', 'https://*.js.stripe.com'];
/** 3-D Secure and redirect-based payment methods open a frame on hooks.stripe.com. */
export const STRIPE_FRAME_ORIGINS = [...STRIPE_JS_ORIGINS, 'https://hooks.stripe.com'];
/** Where Stripe.js sends card details, whatever STRIPE_API_BASE says about the server SDK. */
export const STRIPE_API_ORIGIN = 'https://api.stripe.com';
/** Cloudinary's delivery host (product and review pictures; next.config.mjs images). */
export const CLOUDINARY_DELIVERY_ORIGIN = 'https://res.cloudinary.com';
/** Google profile pictures of people who sign in with Google. */
export const GOOGLE_PICTURES_ORIGIN = 'https://lh3.googleusercontent.com';

/** Two years, the usual HSTS lifetime; only ever sent over https (see `headerRules`). */
export const HSTS_VALUE = 'max-age=63072000; includeSubDomains';

/**
 * Browser features the store never uses are switched off for the page and every frame in it.
 * `payment` stays with the store and Stripe.js's frames: the card element never calls the
 * Payment Request API, but Stripe's wallet buttons (Apple Pay, Google Pay) do from inside
 * a js.stripe.com frame, and turning it off would silently remove them should the payment
 * page offer them.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=(self "https://js.stripe.com")',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * @typedef {object} SecurityHeadersConfig
 * @property {boolean} [development] `next dev`: React's development build needs `eval`.
 * @property {string} [stripeApiBase] STRIPE_API_BASE: a Stripe API stand-in, which the
 *   browser's Stripe.js (the e2e stand-in) calls too.
 * @property {string} [cloudinaryUrl] CLOUDINARY_URL: its `upload_prefix` (a Cloudinary-compatible
 *   server, such as the e2e stand-in, which also delivers the images) and `secure_distribution`
 *   (a private CDN host) are where uploaded pictures are shown from.
 */

/**
 * @typedef {{ key: string, value: string }} Header
 * @typedef {{ type: 'header', key: string, value?: string }} HasCondition
 * @typedef {{ source: string, has?: HasCondition[], headers: Header[] }} HeaderRule
 */

/** @param {string | undefined} value */
function present(value) {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * The origin of an http(s) URL from the configuration; a malformed one stops the build with
 * the variable's name rather than producing a policy that blocks the service.
 * @param {string} value
 * @param {string} name
 */
function originOf(value, name) {
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} is not a URL: ${value}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`${name} must be an http(s) URL: ${value}`);
  }
  return url.origin;
}

/**
 * The settings the policy depends on, from an environment such as `process.env`. The Google
 * issuer is not one of them: Google sign-in only navigates to it.
 * @param {Record<string, string | undefined>} env
 * @param {{ development?: boolean }} [options]
 * @returns {SecurityHeadersConfig}
 */
export function securityConfigFromEnv(env, { development = false } = {}) {
  return {
    development,
    stripeApiBase: present(env.STRIPE_API_BASE),
    cloudinaryUrl: present(env.CLOUDINARY_URL),
  };
}

/**
 * Image origins of a CLOUDINARY_URL beyond Cloudinary's own delivery host.
 * @param {string | undefined} cloudinaryUrl
 * @returns {string[]}
 */
export function cloudinaryImageOrigins(cloudinaryUrl) {
  if (!cloudinaryUrl) return [];
  let url;
  try {
    url = new URL(cloudinaryUrl);
  } catch {
    throw new Error('CLOUDINARY_URL is not of the form cloudinary://KEY:SECRET@CLOUD');
  }
  const origins = [];
  const uploadPrefix = present(url.searchParams.get('upload_prefix') ?? undefined);
  if (uploadPrefix) {
    const origin = originOf(uploadPrefix, 'upload_prefix of CLOUDINARY_URL');
    // Cloudinary's own API hosts (api.cloudinary.com, regional ones) never serve images.
    if (!new URL(origin).hostname.endsWith('.cloudinary.com')) origins.push(origin);
  }
  const distribution = present(url.searchParams.get('secure_distribution') ?? undefined);
  if (distribution) {
    origins.push(originOf(`https://${distribution}`, 'secure_distribution of CLOUDINARY_URL'));
  }
  return origins;
}

/**
 * The origins besides the store's own that pages may load images from (the policy's img-src):
 * Cloudinary's delivery host, Google profile pictures, and the image origins of CLOUDINARY_URL.
 * @param {string | undefined} cloudinaryUrl
 * @returns {string[]}
 */
export function imageOrigins(cloudinaryUrl) {
  const images = [CLOUDINARY_DELIVERY_ORIGIN, GOOGLE_PICTURES_ORIGIN];
  for (const origin of cloudinaryImageOrigins(cloudinaryUrl)) {
    if (!images.includes(origin)) images.push(origin);
  }
  return images;
}

/**
 * The Content-Security-Policy directives, each with its sources.
 *
 * Scripts: the store's own bundles and Stripe.js. Inline scripts are allowed with
 * 'unsafe-inline' because the pre-rendered pages (the home page above all) carry Next.js's
 * inline RSC payload scripts, whose content changes with every regeneration and which a
 * per-request nonce cannot reach without rendering every page on each request
 * (docs/security.md). `'unsafe-eval'` only under `next dev`.
 *
 * Forms: every form of the store posts to its own origin or is sent by JavaScript. Google
 * sign-in and Auth.js sign-out are not form submissions: next-auth/react fetches the URL
 * and then assigns `window.location`, a navigation CSP does not govern, so `form-action
 * 'self'` needs no identity provider.
 *
 * @param {SecurityHeadersConfig} [config]
 * @param {{ https?: boolean }} [options] `https`: the request came over https, so
 *   `upgrade-insecure-requests` can be added (over plain http it would break every page).
 * @returns {Record<string, string[]>}
 */
export function cspDirectives(config = {}, { https = false } = {}) {
  const stripeApi = [STRIPE_API_ORIGIN];
  if (config.stripeApiBase) {
    const origin = originOf(config.stripeApiBase, 'STRIPE_API_BASE');
    if (origin !== STRIPE_API_ORIGIN) stripeApi.push(origin);
  }
  const images = imageOrigins(config.cloudinaryUrl);

  /** @type {Record<string, string[]>} */
  const directives = {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      "'unsafe-inline'",
      ...(config.development ? ["'unsafe-eval'"] : []),
      ...STRIPE_JS_ORIGINS,
    ],
    // React renders style attributes (next/image's sizing among them) into the HTML.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", ...images],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...stripeApi],
    'frame-src': [...STRIPE_FRAME_ORIGINS],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'media-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  if (https) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/**
 * The Content-Security-Policy header value.
 * @param {SecurityHeadersConfig} [config]
 * @param {{ https?: boolean }} [options]
 */
export function contentSecurityPolicy(config = {}, options = {}) {
  return Object.entries(cspDirectives(config, options))
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/**
 * Every security header of a response; Strict-Transport-Security only over https (a browser
 * ignores it over http, and a store reached at http://127.0.0.1 must not promise https).
 * @param {SecurityHeadersConfig} [config]
 * @param {{ https?: boolean }} [options]
 * @returns {Header[]}
 */
export function securityHeaders(config = {}, { https = false } = {}) {
  return [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy(config, { https }) },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
    { key: 'Permissions-Policy', value: PERMISSIONS_POLICY },
    // For browsers older than CSP's frame-ancestors.
    { key: 'X-Frame-Options', value: 'DENY' },
    ...(https ? [{ key: 'Strict-Transport-Security', value: HSTS_VALUE }] : []),
  ];
}

/**
 * The policy of image responses (/api/images/{id}, /api/product/{productId}/picture, and
 * /_next/image through next.config.mjs `images.contentSecurityPolicy`, which Next.js would
 * otherwise fill with its own): an image opened on its own needs nothing, and a sandbox keeps
 * anything else that got there inert.
 */
export const IMAGE_CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

/**
 * Paths that answer with an image, for `headerRules`: uploaded pictures, the store's copy of a
 * product picture on another host, and Next.js's image optimiser, whose pictures get the policy
 * from next.config.mjs but whose errors (a picture it could not fetch: 4xx, 502) would
 * otherwise carry the pages' policy.
 */
export const IMAGE_SOURCES = [
  '/api/images/:path*',
  '/api/product/:productId/picture',
  '/_next/image',
];

/**
 * The request header a TLS-terminating proxy (Vercel, nginx, a load balancer) sets; its first
 * entry is the protocol the browser used. `next start` serving http directly never sets it
 * to https, so plain-http responses get neither HSTS nor upgrade-insecure-requests.
 * @type {HasCondition}
 */
export const OVER_HTTPS = {
  type: 'header',
  key: 'x-forwarded-proto',
  value: 'https(\\s*,.*)?',
};

/**
 * The rules for next.config.mjs `headers()`: every path gets the plain-http set; requests that
 * came over https get the https set, which overrides the same keys (Next.js applies matching
 * rules in order, a later value replacing an earlier one); image paths get the image policy.
 * @param {SecurityHeadersConfig} [config]
 * @returns {HeaderRule[]}
 */
export function headerRules(config = {}) {
  return [
    { source: '/:path*', headers: securityHeaders(config, { https: false }) },
    { source: '/:path*', has: [OVER_HTTPS], headers: securityHeaders(config, { https: true }) },
    ...IMAGE_SOURCES.map((source) => ({
      source,
      headers: [{ key: 'Content-Security-Policy', value: IMAGE_CONTENT_SECURITY_POLICY }],
    })),
  ];
}
