import { describe, expect, it } from 'vitest';
import { originOfUrl, parseOrigin, requestProtocol } from '@/lib/security/origin';

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

// The store's own origin never comes from a request (no requestOrigin any more): see
// test/unit/security-links.test.ts.
describe('requestProtocol: the protocol the browser used (it names the session cookie)', () => {
  it('reads the first x-forwarded-proto of a list, and ignores a protocol that is not http(s)', () => {
    expect(requestProtocol(at({ 'x-forwarded-proto': 'https' }))).toBe('https');
    expect(requestProtocol(at({ 'x-forwarded-proto': 'https, http' }))).toBe('https');
    expect(requestProtocol(at({ 'x-forwarded-proto': 'javascript' }))).toBe('http');
    expect(requestProtocol(at({ 'x-forwarded-proto': 'HTTPS' }))).toBe('https');
    expect(requestProtocol(at({}, 'https://x.example/'))).toBe('https');
    expect(requestProtocol(at({}))).toBe('http');
  });
});
