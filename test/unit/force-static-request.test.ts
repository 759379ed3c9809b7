import { describe, expect, it } from 'vitest';
import { assertSameSite } from '@/lib/security';

// Next.js hands a `dynamic = 'force-static'` route handler (GET /api/docs, /api/docs/scalar.js,
// /api/openapi.json) a Proxy of the request with empty headers, which reads every other property
// of the real request through itself. On Node.js 24, whose Request keeps its state in private
// fields, reading `method` through it throws ("Cannot read private member #state"); the route
// wrapper's cross-site check must still answer. Node.js 20 and 22 do not throw, so the stand-in is
// built here to throw as Node.js 24 does.

function forceStaticStandIn(request: Request): Request {
  return new Proxy(request, {
    get(target, prop, receiver) {
      if (prop === 'headers') return new Headers();
      if (prop === 'method') {
        throw new TypeError(
          'Cannot read private member #state from an object whose class did not declare it',
        );
      }
      return Reflect.get(target, prop, receiver);
    },
  });
}

describe("the cross-site check on Next.js's force-static stand-in for a request", () => {
  it('lets it through: with no headers it carries no credential and states no source', () => {
    const request = forceStaticStandIn(new Request('http://127.0.0.1:3000/api/docs'));
    expect(() => assertSameSite(request)).not.toThrow();
  });

  it('still refuses a real cross-site change made with the session cookie', () => {
    const request = new Request('http://127.0.0.1:3000/api/order', {
      method: 'POST',
      headers: {
        cookie: 'authjs.session-token=abc',
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
    });
    expect(() => assertSameSite(request)).toThrow();
  });
});
