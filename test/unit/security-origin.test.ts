import { describe, expect, it } from 'vitest';
import {
  originOfUrl,
  parseOrigin,
  requestOrigin,
  requestProtocol,
  storeOrigin,
} from '@/lib/security/origin';

const at = (headers: Record<string, string>, url = 'http://localhost:3100/api/order') =>
  new Request(url, { headers });

describe('parseOrigin: only exactly an http(s) origin counts', () => {
  it.each([
    ['http://127.0.0.1:3100', 'http://127.0.0.1:3100'],
    ['HTTP://127.0.0.1:3100', 'http://127.0.0.1:3100'],
    ['https://Shop.Example.COM', 'https://shop.example.com'],
    // Default ports are the same origin as none.
    ['http://shop.example.com:80', 'http://shop.example.com'],
    ['https://shop.example.com:443', 'https://shop.example.com'],
    ['https://shop.example.com/', 'https://shop.example.com'],
    ['http://[::1]:3100', 'http://[::1]:3100'],
    ['http://[0:0:0:0:0:0:0:1]:3100', 'http://[::1]:3100'],
  ])('%s is %s', (value, origin) => expect(parseOrigin(value)).toBe(origin));

  it.each([
    null,
    undefined,
    '',
    'null',
    'NULL',
    ' ',
    // A port that is not a number: the host is not 127.0.0.1.
    'http://127.0.0.1:3100.evil.example',
    // Credentials make the host evil.example.
    'http://127.0.0.1:3100@evil.example',
    'http://user:pass@127.0.0.1:3100',
    'http://127.0.0.1:3100/path',
    'http://127.0.0.1:3100/?q',
    'http://127.0.0.1:3100/#x',
    'http://127.0.0.1:3100\\evil',
    'ftp://127.0.0.1:3100',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'data:text/html,x',
    '127.0.0.1:3100',
    '//127.0.0.1:3100',
    'http://',
    'http://127.0.0.1:99999',
  ])('%j is not an origin', (value) => expect(parseOrigin(value)).toBeNull());

  it('a look-alike host is another origin', () => {
    const store = 'http://127.0.0.1:3100';
    for (const value of [
      'http://127.0.0.1:31000',
      'http://127.0.0.1:310',
      'https://127.0.0.1:3100',
      'http://127.0.0.1',
      'http://127.0.0.1.evil.example:3100',
      'http://localhost:3100',
      'http://127.0.0.2:3100',
    ]) {
      expect(parseOrigin(value)).not.toBe(store);
    }
  });
});

describe('originOfUrl (Referer)', () => {
  it('keeps only the origin of a full URL', () => {
    expect(originOfUrl('http://127.0.0.1:3100/dashboard/order?x=1#y')).toBe(
      'http://127.0.0.1:3100',
    );
    expect(originOfUrl('HTTPS://SHOP.example.com:443/a')).toBe('https://shop.example.com');
  });

  it('another host with the store path stays another host', () => {
    expect(originOfUrl('http://evil.example/http://127.0.0.1:3100/dashboard')).toBe(
      'http://evil.example',
    );
    expect(originOfUrl('http://127.0.0.1:3100.evil.example/dashboard')).toBeNull();
    expect(originOfUrl('http://127.0.0.1:3100@evil.example/dashboard')).toBe('http://evil.example');
  });

  it.each([null, '', 'about:blank', 'not a url', 'javascript:alert(1)'])('%j has none', (value) =>
    expect(originOfUrl(value)).toBeNull(),
  );
});

describe('requestOrigin: the origin the person is using, as Auth.js builds it', () => {
  it('takes Host and the protocol of x-forwarded-proto, never the rewritten request URL', () => {
    // Next.js rewrites 127.0.0.1 to localhost in request.url; the Host header keeps it.
    expect(requestOrigin(at({ host: '127.0.0.1:3100' }))).toBe('http://127.0.0.1:3100');
    expect(requestOrigin(at({ host: '127.0.0.1:3100', 'x-forwarded-proto': 'https' }))).toBe(
      'https://127.0.0.1:3100',
    );
  });

  it('prefers x-forwarded-host, as Auth.js does', () => {
    expect(
      requestOrigin(
        at({
          host: '10.0.0.5:3000',
          'x-forwarded-host': 'shop.example.com',
          'x-forwarded-proto': 'https',
        }),
      ),
    ).toBe('https://shop.example.com');
  });

  it('normalises case, default ports and IPv6', () => {
    expect(requestOrigin(at({ host: 'Shop.Example.com:80' }))).toBe('http://shop.example.com');
    expect(requestOrigin(at({ host: '[::1]:3100' }))).toBe('http://[::1]:3100');
  });

  it('reads the first x-forwarded-proto of a list, and ignores a protocol that is not http(s)', () => {
    expect(requestOrigin(at({ host: 'a.example', 'x-forwarded-proto': 'https, http' }))).toBe(
      'https://a.example',
    );
    expect(requestOrigin(at({ host: 'a.example', 'x-forwarded-proto': 'javascript' }))).toBe(
      'http://a.example',
    );
    expect(requestProtocol(at({ 'x-forwarded-proto': 'HTTPS' }))).toBe('https');
    expect(requestProtocol(at({}, 'https://x.example/'))).toBe('https');
  });

  it('falls back to the request URL when Host is missing or is not a host', () => {
    expect(requestOrigin(at({}))).toBe('http://localhost:3100');
    for (const host of ['evil.example/path', 'a@evil.example', 'a b', 'evil.example:x']) {
      expect(requestOrigin(at({ host }))).toBe('http://localhost:3100');
    }
  });
});

describe('storeOrigin', () => {
  it('is AUTH_URL when configured, whatever Host or x-forwarded-host say', () => {
    const forged = at({ host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(storeOrigin(forged, 'https://shop.example.com/base/')).toBe('https://shop.example.com');
  });

  it('is the person’s own origin otherwise', () => {
    expect(storeOrigin(at({ host: '127.0.0.1:3100' }), undefined)).toBe('http://127.0.0.1:3100');
  });
});
