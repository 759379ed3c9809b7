import { test as base, expect, type BrowserContext, type Response } from '@playwright/test';
import {
  contentSecurityPolicy,
  IMAGE_CONTENT_SECURITY_POLICY,
  PERMISSIONS_POLICY,
} from '../../lib/security/headers.mjs';
import { CLOUD_NAME } from '../stand-ins/cloudinary.mjs';
import {
  APP_CLOUDINARY_PORT,
  APP_PORT,
  CLOUDINARY_PORT,
  STRIPE_PORT,
} from '../stand-ins/ports.mjs';

export { expect };

let counter = 0;

/** Both app instances of the e2e environment (scripts/e2e-server.mjs), one build. */
export const appOrigins = [
  `http://127.0.0.1:${APP_PORT}`,
  `http://127.0.0.1:${APP_CLOUDINARY_PORT}`,
];

/**
 * The policy the e2e build must serve: the store's fixed origins plus exactly the stand-ins it
 * is configured with (the Stripe API stand-in, which the Stripe.js stand-in calls from the
 * browser, and the Cloudinary stand-in, which serves uploaded pictures). The build sees them
 * because scripts/e2e-server.mjs builds with the stand-ins' environment.
 */
export const expectedCsp = contentSecurityPolicy({
  stripeApiBase: `http://127.0.0.1:${STRIPE_PORT}`,
  cloudinaryUrl: `cloudinary://key:secret@${CLOUD_NAME}?upload_prefix=${encodeURIComponent(
    `http://127.0.0.1:${CLOUDINARY_PORT}`,
  )}`,
});

/** The security headers every response over plain http carries, by lower-cased name. */
export const expectedSecurityHeaders: Record<string, string> = {
  'content-security-policy': expectedCsp,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': PERMISSIONS_POLICY,
  'x-frame-options': 'DENY',
};

/** Image endpoints answer with the image policy instead (lib/security/headers.mjs). */
export function isImagePath(pathname: string): boolean {
  return pathname === '/_next/image' || pathname.startsWith('/api/images/');
}

/**
 * What is wrong with the security headers of a response for `url` (empty when nothing): each
 * expected header with its exact value, and no Strict-Transport-Security over plain http.
 */
export function securityHeaderProblems(headers: Record<string, string>, url: string): string[] {
  const problems: string[] = [];
  const expected = isImagePath(new URL(url).pathname)
    ? { ...expectedSecurityHeaders, 'content-security-policy': IMAGE_CONTENT_SECURITY_POLICY }
    : expectedSecurityHeaders;
  for (const [name, value] of Object.entries(expected)) {
    if (headers[name] === undefined) problems.push(`${name} is missing`);
    else if (headers[name] !== value) problems.push(`${name} is ${JSON.stringify(headers[name])}`);
  }
  if (headers['strict-transport-security'] !== undefined) {
    problems.push('strict-transport-security is sent over plain http');
  }
  return problems;
}

/** What the page reports of a `securitypolicyviolation` event. */
interface CspViolation {
  blockedURI: string;
  effectiveDirective: string;
  documentURI: string;
  sourceFile: string;
  lineNumber: number;
  sample: string;
  disposition: string;
}

const VIOLATION_BINDING = '__storefrontCspViolation';

/** Runs in every document and frame before its own scripts: reports each CSP violation. */
function listenForViolations(binding: string) {
  document.addEventListener(
    'securitypolicyviolation',
    (event) => {
      const report = (window as unknown as Record<string, (v: unknown) => void>)[binding];
      report?.({
        blockedURI: event.blockedURI,
        effectiveDirective: event.effectiveDirective,
        documentURI: event.documentURI,
        sourceFile: event.sourceFile,
        lineNumber: event.lineNumber,
        sample: event.sample,
        disposition: event.disposition,
      });
    },
    true,
  );
}

/** One thing the browser reported about the policies of a page. */
interface Report {
  /** The CSP directive, for a `securitypolicyviolation` event. */
  directive?: string;
  /** The blocked URL ('inline', 'eval' or a URL), for a `securitypolicyviolation` event. */
  blockedURI?: string;
  text: string;
}

/**
 * Watches browser contexts for the whole of one test: every CSP violation in any document (the
 * `securitypolicyviolation` event, and the browser's console messages about its CSP or
 * Permissions-Policy headers, which also name malformed policies), and the security headers
 * of every response from the store's own origins.
 */
export class SecurityWatch {
  private reports: Report[] = [];
  private readonly expected: Array<{ directive: string; blockedURI: string }> = [];
  private readonly headerProblems: string[] = [];
  private readonly checks: Promise<void>[] = [];
  responsesChecked = 0;

  async watch(context: BrowserContext): Promise<void> {
    await context.exposeBinding(VIOLATION_BINDING, (_source, violation: CspViolation) => {
      this.reports.push({
        directive: violation.effectiveDirective,
        blockedURI: violation.blockedURI,
        text:
          `${violation.effectiveDirective} blocked ${violation.blockedURI || '(no URI)'} on ` +
          `${violation.documentURI}` +
          (violation.sourceFile ? ` (${violation.sourceFile}:${violation.lineNumber})` : '') +
          (violation.sample ? ` sample: ${JSON.stringify(violation.sample)}` : '') +
          ` [${violation.disposition}]`,
      });
    });
    await context.addInitScript(listenForViolations, VIOLATION_BINDING);
    context.on('console', (message) => {
      const text = message.text();
      if (/content.security.policy|permissions.policy/i.test(text)) {
        this.reports.push({
          text: `console ${message.type()} on ${message.location().url}: ${text}`,
        });
      }
    });
    context.on('response', (response) => this.checks.push(this.check(response)));
  }

  /**
   * For a test that proves the policy is enforced: this one violation must happen (its event
   * and the console line naming its URL), and anything else still fails the test.
   */
  expectViolation(directive: string, blockedURI: string): void {
    this.expected.push({ directive, blockedURI });
  }

  private async check(response: Response): Promise<void> {
    if (!appOrigins.includes(new URL(response.url()).origin)) return;
    let headers: Record<string, string>;
    try {
      headers = await response.allHeaders();
    } catch {
      // The context closed before the headers were read: nothing to judge.
      return;
    }
    // A page's request to another origin (the attacker page of request-edge.spec.ts) gets an
    // opaque response whose headers the browser does not report: nothing to judge here (the same
    // API responses are checked directly by security-headers.spec.ts).
    const request = response.request();
    let frameOrigin: string | null = null;
    try {
      frameOrigin = new URL(request.frame().url()).origin;
    } catch {
      frameOrigin = null;
    }
    if (
      !request.isNavigationRequest() &&
      frameOrigin &&
      frameOrigin !== new URL(response.url()).origin
    ) {
      return;
    }
    this.responsesChecked += 1;
    const problems = securityHeaderProblems(headers, response.url());
    if (problems.length > 0) {
      this.headerProblems.push(
        `${response.request().method()} ${response.url()} (${response.status()}): ${problems.join('; ')}`,
      );
    }
  }

  /** Fails the test on any violation or header problem, naming each. */
  async verify(): Promise<void> {
    await Promise.all(this.checks);
    for (const { directive, blockedURI } of this.expected) {
      const seen = this.reports.some(
        (report) => report.directive === directive && report.blockedURI === blockedURI,
      );
      expect(seen, `expected a ${directive} violation for ${blockedURI}`).toBe(true);
      this.reports = this.reports.filter((report) =>
        report.directive === undefined
          ? !report.text.includes(blockedURI)
          : !(report.directive === directive && report.blockedURI === blockedURI),
      );
    }
    const violations = this.reports.map((report) => report.text);
    expect(violations, `Content Security Policy violations:\n${violations.join('\n')}`).toEqual([]);
    expect(
      this.headerProblems,
      `Responses without the security headers:\n${this.headerProblems.join('\n')}`,
    ).toEqual([]);
  }
}

export const test = base.extend<{ securityWatch: SecurityWatch }>({
  /**
   * Each test acts as a client of its own: a distinct address in the x-forwarded-for header
   * (a documentation range, only ever a header value) so per-IP rate limits of one test do not
   * spill into the next. The e2e server trusts one proxy hop (TRUSTED_PROXY_HOPS=1) and appends
   * the real peer itself (scripts/serve.mjs), so this entry stands for what a proxy in front
   * would have reported.
   */
  extraHTTPHeaders: async ({}, use, testInfo) => {
    counter += 1;
    const octet = (testInfo.workerIndex * 97 + counter) % 250;
    await use({ 'x-forwarded-for': `198.51.100.${octet + 1}` });
  },

  /**
   * Every test, whatever it does: the test's own context and every context it opens with
   * `browser.newContext()` are watched, and the test fails on any CSP violation (with the
   * blocked URI and directive) or any of the store's responses without its security headers.
   */
  securityWatch: [
    async ({ browser, context }, use) => {
      const watch = new SecurityWatch();
      await watch.watch(context);
      const newContext = browser.newContext;
      browser.newContext = async (...args: Parameters<typeof newContext>) => {
        const opened = await newContext.apply(browser, args);
        await watch.watch(opened);
        return opened;
      };
      try {
        await use(watch);
      } finally {
        browser.newContext = newContext;
      }
      await watch.verify();
    },
    { auto: true },
  ],
});
