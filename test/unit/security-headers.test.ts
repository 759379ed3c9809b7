import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  cspDirectives,
  headerRules,
  HSTS_VALUE,
  IMAGE_CONTENT_SECURITY_POLICY,
  securityConfigFromEnv,
  securityHeaders,
} from '@/lib/security/headers.mjs';

const standInCloudinary =
  'cloudinary://731946258417263:secret@storefront-e2e?upload_prefix=http%3A%2F%2F127.0.0.1%3A3391';

/** Every source of every directive, for "nothing else" checks. */
function allSources(directives: Record<string, string[]>): string[] {
  return Object.values(directives).flat();
}

function header(headers: Array<{ key: string; value: string }>, key: string) {
  return headers.find((entry) => entry.key === key)?.value;
}

describe('Content-Security-Policy', () => {
  const production = cspDirectives();

  it('has the directives of a strict policy', () => {
    expect(production['default-src']).toEqual(["'self'"]);
    expect(production['object-src']).toEqual(["'none'"]);
    expect(production['base-uri']).toEqual(["'self'"]);
    expect(production['frame-ancestors']).toEqual(["'none'"]);
    expect(production['form-action']).toEqual(["'self'"]);
    expect(production['font-src']).toEqual(["'self'"]);
    expect(production['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('allows Stripe.js, its frames and its API, Cloudinary and Google pictures, nothing else', () => {
    expect(production['script-src']).toEqual([
      "'self'",
      "'unsafe-inline'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
    ]);
    expect(production['frame-src']).toEqual([
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(production['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    expect(production['img-src']).toEqual([
      "'self'",
      'https://res.cloudinary.com',
      'https://lh3.googleusercontent.com',
    ]);
    for (const source of allSources(production)) {
      // No bare scheme or wildcard source, no plain-http host, no wildcard but Stripe.js's.
      expect(source).not.toMatch(/^(\*|https?:|data:|blob:)$/);
      expect(source).not.toMatch(/^http:\/\//);
      if (source.includes('*')) expect(source).toBe('https://*.js.stripe.com');
    }
  });

  it("has no 'unsafe-eval' in production; development adds it for React's dev tooling", () => {
    expect(allSources(production)).not.toContain("'unsafe-eval'");
    expect(contentSecurityPolicy()).not.toContain('unsafe-eval');
    const development = cspDirectives({ development: true });
    expect(development['script-src']).toContain("'unsafe-eval'");
    // Only scripts: every other directive is the production one.
    expect({ ...development, 'script-src': [] }).toEqual({ ...production, 'script-src': [] });
  });

  it('adds upgrade-insecure-requests only over https', () => {
    expect(contentSecurityPolicy()).not.toContain('upgrade-insecure-requests');
    expect(contentSecurityPolicy({}, { https: true })).toMatch(/; upgrade-insecure-requests$/);
  });

  it('is one header value: directives separated by semicolons', () => {
    expect(contentSecurityPolicy()).toMatch(
      /^default-src 'self'; script-src 'self' 'unsafe-inline' https:\/\/js\.stripe\.com /,
    );
    expect(contentSecurityPolicy()).not.toMatch(/\n|;;|; ;/);
  });
});

describe('configured stand-ins', () => {
  it('adds the Stripe API stand-in to connect-src only, exactly its origin', () => {
    const directives = cspDirectives({ stripeApiBase: 'http://127.0.0.1:3390/some/path' });
    expect(directives['connect-src']).toEqual([
      "'self'",
      'https://api.stripe.com',
      'http://127.0.0.1:3390',
    ]);
    expect(allSources(directives).filter((source) => source.includes('3390'))).toHaveLength(1);
  });

  it("does not repeat Stripe's own API when STRIPE_API_BASE names it", () => {
    expect(cspDirectives({ stripeApiBase: 'https://api.stripe.com' })['connect-src']).toEqual([
      "'self'",
      'https://api.stripe.com',
    ]);
  });

  it('adds the Cloudinary stand-in (upload_prefix) to img-src only', () => {
    const directives = cspDirectives({ cloudinaryUrl: standInCloudinary });
    expect(directives['img-src']).toEqual([
      "'self'",
      'https://res.cloudinary.com',
      'https://lh3.googleusercontent.com',
      'http://127.0.0.1:3391',
    ]);
    expect(allSources(directives).filter((source) => source.includes('3391'))).toHaveLength(1);
  });

  it("adds nothing for a real Cloudinary account, its regional API or a private CDN's own host", () => {
    expect(cspDirectives({ cloudinaryUrl: 'cloudinary://k:s@shop' })['img-src']).toEqual(
      cspDirectives()['img-src'],
    );
    expect(
      cspDirectives({
        cloudinaryUrl: 'cloudinary://k:s@shop?upload_prefix=https%3A%2F%2Fapi-eu.cloudinary.com',
      })['img-src'],
    ).toEqual(cspDirectives()['img-src']);
    expect(
      cspDirectives({
        cloudinaryUrl: 'cloudinary://k:s@shop?secure_distribution=images.example.com',
      })['img-src'],
    ).toContain('https://images.example.com');
  });

  it('leaves the policy as in production when nothing is configured', () => {
    expect(cspDirectives(securityConfigFromEnv({}))).toEqual(cspDirectives());
    expect(
      cspDirectives(securityConfigFromEnv({ STRIPE_API_BASE: ' ', CLOUDINARY_URL: '' })),
    ).toEqual(cspDirectives());
  });

  it('reads the stand-ins from the environment, and never the Google issuer', () => {
    const config = securityConfigFromEnv({
      STRIPE_API_BASE: 'http://127.0.0.1:3390',
      CLOUDINARY_URL: standInCloudinary,
      AUTH_GOOGLE_ISSUER: 'http://127.0.0.1:3392',
    });
    const policy = contentSecurityPolicy(config);
    expect(policy).toContain('http://127.0.0.1:3390');
    expect(policy).toContain('http://127.0.0.1:3391');
    // Google sign-in is a navigation to the issuer, which CSP does not govern.
    expect(policy).not.toContain('3392');
  });

  it('refuses a malformed origin rather than serving a policy that blocks the service', () => {
    expect(() => cspDirectives({ stripeApiBase: 'not a url' })).toThrow(/STRIPE_API_BASE/);
    expect(() => cspDirectives({ stripeApiBase: 'ftp://127.0.0.1' })).toThrow(/http\(s\)/);
    expect(() =>
      cspDirectives({ cloudinaryUrl: 'cloudinary://k:s@c?upload_prefix=javascript%3Aalert(1)' }),
    ).toThrow(/upload_prefix/);
  });
});

describe('the other headers', () => {
  it('are sent with the policy on every response', () => {
    const headers = securityHeaders();
    expect(header(headers, 'Content-Security-Policy')).toBe(contentSecurityPolicy());
    expect(header(headers, 'X-Content-Type-Options')).toBe('nosniff');
    expect(header(headers, 'Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(header(headers, 'X-Frame-Options')).toBe('DENY');
  });

  it('turn off the browser features the store does not use, and keep payment for Stripe', () => {
    const policy = header(securityHeaders(), 'Permissions-Policy')!;
    for (const feature of ['camera', 'microphone', 'geolocation', 'usb', 'browsing-topics']) {
      expect(policy).toContain(`${feature}=()`);
    }
    expect(policy).toContain('payment=(self "https://js.stripe.com")');
  });

  it('send Strict-Transport-Security only over https', () => {
    expect(header(securityHeaders(), 'Strict-Transport-Security')).toBeUndefined();
    expect(header(securityHeaders({}, { https: true }), 'Strict-Transport-Security')).toBe(
      HSTS_VALUE,
    );
  });
});

describe('next.config headers() rules', () => {
  const [everywhere, overHttps, images] = headerRules({ stripeApiBase: 'http://127.0.0.1:3390' });

  it('give image responses a policy under which nothing loads or runs', () => {
    expect(images).toEqual({
      source: '/api/images/:path*',
      headers: [{ key: 'Content-Security-Policy', value: IMAGE_CONTENT_SECURITY_POLICY }],
    });
    expect(IMAGE_CONTENT_SECURITY_POLICY).toMatch(/^default-src 'none';/);
    expect(IMAGE_CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(IMAGE_CONTENT_SECURITY_POLICY).toContain('sandbox');
    expect(IMAGE_CONTENT_SECURITY_POLICY).not.toMatch(/script-src|unsafe-eval/);
  });

  it('give the image optimiser’s answers the image policy, its errors included', () => {
    expect(headerRules()).toContainEqual({
      source: '/_next/image',
      headers: [{ key: 'Content-Security-Policy', value: IMAGE_CONTENT_SECURITY_POLICY }],
    });
  });

  it('give the store’s copy of a product picture the same image policy', () => {
    expect(headerRules()).toContainEqual({
      source: '/api/product/:productId/picture',
      headers: [{ key: 'Content-Security-Policy', value: IMAGE_CONTENT_SECURITY_POLICY }],
    });
  });

  it('apply the plain-http set to every path', () => {
    expect(everywhere!.source).toBe('/:path*');
    expect(everywhere!.has).toBeUndefined();
    expect(header(everywhere!.headers, 'Strict-Transport-Security')).toBeUndefined();
    expect(header(everywhere!.headers, 'Content-Security-Policy')).toContain(
      'http://127.0.0.1:3390',
    );
  });

  it('override it for requests a TLS proxy marks as https, HSTS included', () => {
    expect(overHttps!.source).toBe('/:path*');
    expect(overHttps!.has).toEqual([
      { type: 'header', key: 'x-forwarded-proto', value: expect.any(String) },
    ]);
    expect(header(overHttps!.headers, 'Strict-Transport-Security')).toBe(HSTS_VALUE);
    expect(header(overHttps!.headers, 'Content-Security-Policy')).toContain(
      'upgrade-insecure-requests',
    );
    // The same keys as the plain set (each replaces its plain-http value), plus HSTS.
    expect(overHttps!.headers.map((entry) => entry.key)).toEqual([
      ...everywhere!.headers.map((entry) => entry.key),
      'Strict-Transport-Security',
    ]);
  });

  it('recognise https as the first x-forwarded-proto entry, and nothing else', () => {
    // Next.js matches `has` values as a whole-string regular expression.
    const matcher = new RegExp(`^${overHttps!.has![0]!.value}$`);
    expect(matcher.test('https')).toBe(true);
    expect(matcher.test('https, http')).toBe(true);
    expect(matcher.test('http')).toBe(false);
    expect(matcher.test('http, https')).toBe(false);
    expect(matcher.test('xhttps')).toBe(false);
  });
});
