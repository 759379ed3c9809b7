import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  clientAddress,
  forwardedEntries,
  forwardingHeaders,
  normaliseAddress,
  UNKNOWN_CLIENT,
  type ForwardingHeaders,
} from '@/lib/security/client-ip';
import { appendForwardedFor } from '../../scripts/lib/forwarded-for.mjs';

const direct = { trustedProxyHops: 0, vercel: false };
const oneProxy = { trustedProxyHops: 1, vercel: false };
const twoProxies = { trustedProxyHops: 2, vercel: false };
const xff = (forwardedFor: string | null): ForwardingHeaders => ({
  forwardedFor,
  vercelForwardedFor: null,
  realIp: null,
});

describe('clientAddress, exposed directly (TRUSTED_PROXY_HOPS=0)', () => {
  it('is the rightmost entry, the peer that our server appended', () => {
    expect(clientAddress(xff('203.0.113.7'), direct)).toBe('203.0.113.7');
    expect(clientAddress(xff('6.6.6.6, 203.0.113.7'), direct)).toBe('203.0.113.7');
  });

  it('forged leftmost entries, however many, change nothing', () => {
    for (const forged of ['1.1.1.1', '1.1.1.1, 2.2.2.2', 'unknown', ', , ,', '127.0.0.1', '::1']) {
      expect(clientAddress(xff(`${forged}, 203.0.113.7`), direct)).toBe('203.0.113.7');
    }
  });

  it('ignores x-real-ip and Vercel’s header off Vercel (a client may send them)', () => {
    expect(
      clientAddress(
        { forwardedFor: '203.0.113.7', vercelForwardedFor: '1.1.1.1', realIp: '2.2.2.2' },
        direct,
      ),
    ).toBe('203.0.113.7');
  });
});

describe('clientAddress behind proxies', () => {
  it('one proxy: the entry left of the peer (the address the proxy saw)', () => {
    expect(clientAddress(xff('198.51.100.9, 10.0.0.2'), oneProxy)).toBe('198.51.100.9');
    expect(clientAddress(xff('6.6.6.6, 5.5.5.5, 198.51.100.9, 10.0.0.2'), oneProxy)).toBe(
      '198.51.100.9',
    );
  });

  it('two proxies: two places left of the peer', () => {
    expect(clientAddress(xff('6.6.6.6, 198.51.100.9, 10.0.0.3, 10.0.0.2'), twoProxies)).toBe(
      '198.51.100.9',
    );
  });

  it('too few entries (a proxy was skipped): the rightmost, which no client chooses', () => {
    expect(clientAddress(xff('10.0.0.2'), oneProxy)).toBe('10.0.0.2');
    expect(clientAddress(xff('6.6.6.6, 10.0.0.2'), twoProxies)).toBe('10.0.0.2');
  });

  it('empty entries do not shift the trusted ones', () => {
    expect(clientAddress(xff(' , 6.6.6.6,, 198.51.100.9 ,10.0.0.2 '), oneProxy)).toBe(
      '198.51.100.9',
    );
  });
});

describe('clientAddress on Vercel', () => {
  const vercel = { trustedProxyHops: 0, vercel: true };
  it('takes the platform’s header, then x-real-ip', () => {
    expect(
      clientAddress(
        { forwardedFor: '6.6.6.6, 203.0.113.7', vercelForwardedFor: '198.51.100.9', realIp: null },
        vercel,
      ),
    ).toBe('198.51.100.9');
    expect(
      clientAddress(
        { forwardedFor: null, vercelForwardedFor: null, realIp: ' 198.51.100.9 ' },
        vercel,
      ),
    ).toBe('198.51.100.9');
    expect(clientAddress(xff('203.0.113.7'), vercel)).toBe('203.0.113.7');
  });
});

describe('no address', () => {
  it.each([null, '', ' ', ',', ' , , '])('%j is unknown', (value) => {
    expect(clientAddress(xff(value), direct)).toBe(UNKNOWN_CLIENT);
    expect(clientAddress(xff(value), oneProxy)).toBe(UNKNOWN_CLIENT);
  });
});

describe('addresses as rate-limit keys', () => {
  it.each([
    [' 203.0.113.7 ', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:203.0.113.7', '203.0.113.7'],
    ['2001:DB8::1', '2001:db8::1'],
    ['[2001:db8::1]', '2001:db8::1'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['203.0.113.7:5123', '203.0.113.7'],
    ['::1', '::1'],
  ])('%j is %j', (value, key) => expect(normaliseAddress(value)).toBe(key));

  it('one client is one key, however its proxy writes the address', () => {
    const keys = ['203.0.113.7', '::ffff:203.0.113.7', '203.0.113.7:1234'].map((peer) =>
      clientAddress(xff(`6.6.6.6, ${peer}`), direct),
    );
    expect(new Set(keys)).toEqual(new Set(['203.0.113.7']));
  });

  it('reads the headers of a request', () => {
    const request = new Request('http://127.0.0.1/', {
      headers: { 'x-forwarded-for': 'a, b', 'x-real-ip': 'c', 'x-vercel-forwarded-for': 'd' },
    });
    expect(forwardingHeaders(request.headers)).toEqual({
      forwardedFor: 'a, b',
      realIp: 'c',
      vercelForwardedFor: 'd',
    });
    expect(forwardedEntries('a,b , ,c')).toEqual(['a', 'b', 'c']);
  });
});

describe('appendForwardedFor (scripts/serve.mjs)', () => {
  const append = (headers: IncomingHttpHeaders, peer: string | undefined) => {
    appendForwardedFor(headers, peer);
    return headers['x-forwarded-for'];
  };

  it('appends the peer to what the client sent, as a proxy does', () => {
    expect(append({}, '127.0.0.1')).toBe('127.0.0.1');
    expect(append({ 'x-forwarded-for': '6.6.6.6' }, '127.0.0.1')).toBe('6.6.6.6, 127.0.0.1');
    expect(append({ 'x-forwarded-for': '  ' }, '::1')).toBe('::1');
    expect(append({ 'x-forwarded-for': '6.6.6.6,' }, '::1')).toBe('6.6.6.6,, ::1');
  });

  it('a socket without an address still gets the last word', () => {
    expect(append({ 'x-forwarded-for': '6.6.6.6' }, undefined)).toBe('6.6.6.6, unknown');
  });

  it('whatever the client sends, the store reads the peer when exposed directly', () => {
    for (const forged of ['1.1.1.1', '1.1.1.1, 2.2.2.2', '', 'unknown', '::1, 127.0.0.1']) {
      const headers: IncomingHttpHeaders = forged ? { 'x-forwarded-for': forged } : {};
      const value = append(headers, '::ffff:203.0.113.7');
      expect(clientAddress(xff(value as string), direct)).toBe('203.0.113.7');
    }
  });
});
