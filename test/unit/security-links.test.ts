import { describe, expect, it } from 'vitest';
import { canonicalOrigin, LOCAL_ORIGIN, linkOrigin, publicUrlProblem } from '@/lib/security/links';

const forged = new Request('http://localhost:3000/api/password-reset', {
  headers: {
    host: 'evil.example',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-proto': 'https',
  },
});
const loopback = new Request('http://localhost:3000/api/password-reset', {
  headers: { host: '127.0.0.1:3000' },
});

describe('linkOrigin: links mailed or handed out', () => {
  it('AUTH_URL when set, whatever Host and x-forwarded-host say', () => {
    const configured = {
      AUTH_URL: 'https://shop.example.com/some/path',
      SITE_URL: 'https://www.example.com',
    };
    expect(linkOrigin(forged, configured)).toBe('https://shop.example.com');
    expect(linkOrigin(loopback, configured)).toBe('https://shop.example.com');
  });

  it('without AUTH_URL, the origin the person is using (127.0.0.1 stays 127.0.0.1)', () => {
    expect(linkOrigin(loopback, {})).toBe('http://127.0.0.1:3000');
    // SITE_URL is for search engines, not for where a person signs in.
    expect(linkOrigin(loopback, { SITE_URL: 'https://www.example.com' })).toBe(
      'http://127.0.0.1:3000',
    );
  });

  it('outside a request (a mail sent later): AUTH_URL, else the canonical origin', () => {
    expect(linkOrigin(null, { AUTH_URL: 'https://shop.example.com' })).toBe(
      'https://shop.example.com',
    );
    expect(linkOrigin(null, { SITE_URL: 'https://www.example.com' })).toBe(
      'https://www.example.com',
    );
    expect(linkOrigin(null, {})).toBe(LOCAL_ORIGIN);
  });
});

describe('canonicalOrigin: search engines and link previews', () => {
  it('SITE_URL, else AUTH_URL, else the local default; never a request', () => {
    expect(
      canonicalOrigin({
        SITE_URL: 'https://www.example.com/x',
        AUTH_URL: 'https://shop.example.com',
      }),
    ).toBe('https://www.example.com');
    expect(canonicalOrigin({ AUTH_URL: 'https://shop.example.com' })).toBe(
      'https://shop.example.com',
    );
    expect(canonicalOrigin({})).toBe(LOCAL_ORIGIN);
  });
});

describe('publicUrlProblem: the check at start', () => {
  it('production on its own database without AUTH_URL may not serve', () => {
    const problem = publicUrlProblem({
      NODE_ENV: 'production',
      MONGODB_URI: 'mongodb://db.example',
    });
    expect(problem).toMatch(/AUTH_URL is required in production/);
    expect(problem).toMatch(/AUTH_URL=https:\/\//);
  });

  it('everything else may', () => {
    const uri = 'mongodb://db.example';
    expect(
      publicUrlProblem({
        NODE_ENV: 'production',
        MONGODB_URI: uri,
        AUTH_URL: 'https://shop.example.com',
      }),
    ).toBeNull();
    // The embedded default and the end-to-end server: production, no MONGODB_URI.
    expect(publicUrlProblem({ NODE_ENV: 'production' })).toBeNull();
    expect(publicUrlProblem({ NODE_ENV: 'production', MONGODB_URI: '' })).toBeNull();
    expect(publicUrlProblem({ NODE_ENV: 'development', MONGODB_URI: uri })).toBeNull();
    expect(publicUrlProblem({ NODE_ENV: 'test', MONGODB_URI: uri })).toBeNull();
  });
});
