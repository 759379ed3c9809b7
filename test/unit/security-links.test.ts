import { describe, expect, it } from 'vitest';
import {
  authOrigin,
  canonicalOrigin,
  LOCAL_ORIGIN,
  linkOrigin,
  publicUrlProblem,
  storeOrigin,
  storeOrigins,
} from '@/lib/security/links';
import { isLoopbackHost, listenOrigin, listenProblem } from '@/lib/security/listen.mjs';

describe('linkOrigin: every link the store hands out, in answer to a request or not', () => {
  it('AUTH_URL when set (its origin), whatever else is configured', () => {
    const configured = {
      AUTH_URL: 'https://shop.example.com/some/path',
      SITE_URL: 'https://www.example.com',
      HOST: '0.0.0.0',
      PORT: '8080',
    };
    expect(linkOrigin(configured)).toBe('https://shop.example.com');
    expect(storeOrigin(configured)).toBe('https://shop.example.com');
  });

  it('without AUTH_URL, the origin `npm start` prints: http://HOST:PORT', () => {
    expect(linkOrigin({})).toBe('http://127.0.0.1:3000');
    expect(linkOrigin({ HOST: '127.0.0.1', PORT: '3100' })).toBe('http://127.0.0.1:3100');
    expect(linkOrigin({ HOST: 'localhost', PORT: '4000' })).toBe('http://localhost:4000');
    expect(linkOrigin({ HOST: '::1', PORT: 3000 })).toBe('http://[::1]:3000');
    expect(linkOrigin({ HOST: '', PORT: '' })).toBe(LOCAL_ORIGIN);
    // SITE_URL is for search engines, not for where a person signs in.
    expect(linkOrigin({ SITE_URL: 'https://www.example.com', PORT: '3200' })).toBe(
      'http://127.0.0.1:3200',
    );
  });

  it('takes no request: nothing a client sends (Host, X-Forwarded-Host) can reach it', () => {
    // The signature is the proof; this pins it.
    expect(linkOrigin.length).toBe(1);
  });
});

describe('storeOrigins: what the cross-site check accepts', () => {
  it('the store’s origin, and its other loopback spelling on the same port', () => {
    expect(storeOrigins({ PORT: '3100' })).toEqual([
      'http://127.0.0.1:3100',
      'http://localhost:3100',
    ]);
    expect(storeOrigins({ HOST: 'localhost', PORT: '3100' })).toEqual([
      'http://localhost:3100',
      'http://127.0.0.1:3100',
    ]);
    expect(storeOrigins({ HOST: '::1', PORT: '3100' })).toEqual([
      'http://[::1]:3100',
      'http://localhost:3100',
    ]);
    expect(storeOrigins({ AUTH_URL: 'http://127.0.0.1:3000' })).toEqual([
      'http://127.0.0.1:3000',
      'http://localhost:3000',
    ]);
  });

  it('only the configured origin when it is not on loopback', () => {
    expect(storeOrigins({ AUTH_URL: 'https://shop.example.com', HOST: '127.0.0.1' })).toEqual([
      'https://shop.example.com',
    ]);
  });
});

describe('authOrigin: the origin Auth.js builds its URLs on, from a fixed list', () => {
  const local = { HOST: '127.0.0.1', PORT: '3100' };
  it('the browser’s own loopback spelling, so its cookies stay where it is', () => {
    expect(authOrigin('127.0.0.1:3100', local)).toBe('http://127.0.0.1:3100');
    expect(authOrigin('localhost:3100', local)).toBe('http://localhost:3100');
    expect(authOrigin('LOCALHOST:3100', local)).toBe('http://localhost:3100');
  });

  it('any other Host gets the store’s origin, never an echo', () => {
    for (const host of [
      'evil.example',
      'evil.example:3100',
      'localhost:3101',
      '127.0.0.1:3101',
      '[::1]:3100',
      'localhost:3100@evil.example',
      'localhost:3100/x',
      '',
      null,
    ]) {
      expect(authOrigin(host, local), String(host)).toBe('http://127.0.0.1:3100');
    }
    expect(authOrigin('localhost:3000', { AUTH_URL: 'https://shop.example.com' })).toBe(
      'https://shop.example.com',
    );
  });
});

describe('listen.mjs: where the store listens', () => {
  it('knows loopback from everything else', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', 'LOCALHOST', '::1', '[::1]']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.20', '10.0.0.5', 'shop.example.com', '::2']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  it('prints the wildcard address as 127.0.0.1', () => {
    expect(listenOrigin({ HOST: '0.0.0.0', PORT: '3000' })).toBe('http://127.0.0.1:3000');
  });

  it('refuses a non-loopback address without AUTH_URL, saying what to set', () => {
    const problem = listenProblem({ HOST: '0.0.0.0', PORT: '3000' });
    expect(problem).toMatch(/HOST=0\.0\.0\.0 is not a loopback address/);
    expect(problem).toMatch(/AUTH_URL=http:\/\/.*:3000/);
    expect(listenProblem({ HOST: '192.168.1.20', PORT: '8080', AUTH_URL: '' })).toMatch(
      /AUTH_URL=http:\/\/192\.168\.1\.20:8080/,
    );
    expect(listenProblem({ HOST: '0.0.0.0', AUTH_URL: 'https://shop.example.com' })).toBeNull();
    expect(listenProblem({ HOST: '127.0.0.1' })).toBeNull();
    expect(listenProblem({})).toBeNull();
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
  it('a non-loopback HOST without AUTH_URL may not serve, in any mode', () => {
    for (const NODE_ENV of ['production', 'development']) {
      expect(publicUrlProblem({ NODE_ENV, HOST: '0.0.0.0' })).toMatch(/AUTH_URL=/);
    }
    expect(
      publicUrlProblem({ NODE_ENV: 'production', HOST: '0.0.0.0', AUTH_URL: 'https://a.example' }),
    ).toBeNull();
  });

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
