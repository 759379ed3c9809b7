import { describe, expect, it } from 'vitest';
import {
  crossSiteAllowed,
  declaredSource,
  requestCredential,
  sourceHeaders,
  type SourceHeaders,
} from '@/lib/security/cross-site';

const STORE = 'http://127.0.0.1:3100';
const headers = (values: Record<string, string>) => new Headers(values);
const source = (values: Partial<SourceHeaders>): SourceHeaders => ({
  origin: null,
  fetchSite: null,
  referer: null,
  ...values,
});

describe('requestCredential', () => {
  it('a bearer token, in any case of the scheme', () => {
    expect(requestCredential(headers({ authorization: 'Bearer abc.def' }))).toBe('bearer');
    expect(requestCredential(headers({ authorization: 'bearer abc' }))).toBe('bearer');
    // The session cookie is never read when a bearer is sent (lib/accounts/session.ts).
    expect(
      requestCredential(headers({ authorization: 'Bearer abc', cookie: 'authjs.session-token=x' })),
    ).toBe('bearer');
  });

  it('an empty bearer or another scheme is no bearer: the cookie rule applies', () => {
    for (const authorization of [
      'Bearer',
      'Bearer ',
      'Basic dXNlcjpwYXNz',
      'Token abc',
      'Bearerabc',
    ]) {
      expect(
        requestCredential(headers({ authorization, cookie: 'authjs.session-token=x' })),
        authorization,
      ).toBe('session');
    }
  });

  it('the Auth.js session cookie, secure, chunked, among others', () => {
    for (const cookie of [
      'authjs.session-token=x',
      '__Secure-authjs.session-token=x',
      'theme=dark; authjs.session-token.0=a; authjs.session-token.1=b',
      'a=b;authjs.session-token=x',
      '  authjs.session-token = x ',
    ]) {
      expect(requestCredential(headers({ cookie })), cookie).toBe('session');
    }
  });

  it('other cookies (the CSRF cookie of a signed-out visitor) are no credential', () => {
    for (const cookie of [
      'authjs.csrf-token=x; authjs.callback-url=y',
      'authjs.session-tokenx=1',
      'xauthjs.session-token=1',
      'authjs.session-token.x=1',
      'theme=authjs.session-token',
      '',
    ]) {
      expect(requestCredential(headers({ cookie })), cookie).toBe('none');
    }
    expect(requestCredential(headers({}))).toBe('none');
  });
});

describe('declaredSource', () => {
  it('Origin decides when present', () => {
    expect(declaredSource(source({ origin: STORE }), STORE)).toBe('same');
    expect(declaredSource(source({ origin: 'HTTP://127.0.0.1:3100' }), STORE)).toBe('same');
    expect(declaredSource(source({ origin: 'https://evil.example' }), STORE)).toBe('foreign');
    // A matching Referer does not save a foreign Origin.
    expect(
      declaredSource(
        source({ origin: 'https://evil.example', referer: `${STORE}/dashboard` }),
        STORE,
      ),
    ).toBe('foreign');
  });

  it.each([
    'null',
    '',
    'http://127.0.0.1:3100.evil.example',
    'http://127.0.0.1:3100@evil.example',
    'http://127.0.0.1:31000',
    'https://127.0.0.1:3100',
    'http://localhost:3100',
    'http://127.0.0.1',
    'http://127.0.0.1:3100/dashboard',
    `${STORE}, https://evil.example`,
  ])('Origin %j is foreign', (origin) =>
    expect(declaredSource(source({ origin }), STORE)).toBe('foreign'),
  );

  it('with the store’s origins (its loopback spellings), each counts and nothing else', () => {
    const stores = [STORE, 'http://localhost:3100'];
    for (const origin of [STORE, 'http://localhost:3100', 'HTTP://LOCALHOST:3100']) {
      expect(declaredSource(source({ origin }), stores), origin).toBe('same');
      expect(declaredSource(source({ referer: `${origin}/dashboard` }), stores), origin).toBe(
        'same',
      );
    }
    for (const origin of ['http://localhost:3101', 'http://[::1]:3100', 'https://localhost:3100']) {
      expect(declaredSource(source({ origin }), stores), origin).toBe('foreign');
    }
    expect(
      crossSiteAllowed('POST', 'session', source({ origin: 'http://localhost:3100' }), stores),
    ).toBe(true);
    expect(
      crossSiteAllowed('POST', 'session', source({ origin: 'http://evil.example' }), stores),
    ).toBe(false);
  });

  it('Sec-Fetch-Site of another site is foreign whatever else is said', () => {
    for (const fetchSite of ['cross-site', 'same-site', 'garbage']) {
      expect(declaredSource(source({ fetchSite }), STORE)).toBe('foreign');
      expect(declaredSource(source({ fetchSite, origin: STORE }), STORE)).toBe('foreign');
    }
  });

  it('without Origin, Sec-Fetch-Site: same-origin proves it; none proves nothing', () => {
    expect(declaredSource(source({ fetchSite: 'same-origin' }), STORE)).toBe('same');
    expect(declaredSource(source({ fetchSite: 'none' }), STORE)).toBe('unstated');
  });

  it('without either, the Referer’s origin decides', () => {
    expect(declaredSource(source({ referer: `${STORE}/dashboard/order` }), STORE)).toBe('same');
    for (const referer of [
      'http://evil.example/http://127.0.0.1:3100/dashboard',
      'http://evil.example/?next=http://127.0.0.1:3100',
      'http://127.0.0.1:3100.evil.example/dashboard',
      'http://127.0.0.1:3100@evil.example/',
      'https://127.0.0.1:3100/dashboard',
      'not a url',
    ]) {
      expect(declaredSource(source({ referer }), STORE), referer).toBe('foreign');
    }
  });

  it('saying nothing is unstated', () => {
    expect(declaredSource(source({}), STORE)).toBe('unstated');
  });

  it('reads the headers as a browser sends them', () => {
    expect(
      sourceHeaders(headers({ origin: STORE, 'sec-fetch-site': ' Same-Origin ', referer: '' })),
    ).toEqual({ origin: STORE, fetchSite: 'same-origin', referer: null });
  });
});

describe('crossSiteAllowed', () => {
  const foreign = source({ origin: 'https://evil.example', fetchSite: 'cross-site' });
  const same = source({ origin: STORE, fetchSite: 'same-origin' });
  const silent = source({});

  it('reading is always allowed', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS', 'get']) {
      expect(crossSiteAllowed(method, 'session', foreign, STORE)).toBe(true);
    }
  });

  it('a change with the session cookie must come from the store', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'post', 'PROPFIND']) {
      expect(crossSiteAllowed(method, 'session', same, STORE)).toBe(true);
      expect(crossSiteAllowed(method, 'session', foreign, STORE)).toBe(false);
      expect(crossSiteAllowed(method, 'session', silent, STORE)).toBe(false);
      expect(crossSiteAllowed(method, 'session', source({ fetchSite: 'none' }), STORE)).toBe(false);
      expect(crossSiteAllowed(method, 'session', source({ origin: 'null' }), STORE)).toBe(false);
    }
  });

  it('a bearer token needs no proof', () => {
    expect(crossSiteAllowed('POST', 'bearer', foreign, STORE)).toBe(true);
    expect(crossSiteAllowed('DELETE', 'bearer', silent, STORE)).toBe(true);
  });

  it('without a credential: refused when declared foreign, allowed when silent or same', () => {
    expect(crossSiteAllowed('POST', 'none', foreign, STORE)).toBe(false);
    expect(crossSiteAllowed('POST', 'none', source({ origin: 'null' }), STORE)).toBe(false);
    expect(crossSiteAllowed('POST', 'none', source({ fetchSite: 'same-site' }), STORE)).toBe(false);
    expect(
      crossSiteAllowed('POST', 'none', source({ referer: 'https://evil.example/' }), STORE),
    ).toBe(false);
    expect(crossSiteAllowed('POST', 'none', silent, STORE)).toBe(true);
    expect(crossSiteAllowed('POST', 'none', source({ fetchSite: 'none' }), STORE)).toBe(true);
    expect(crossSiteAllowed('POST', 'none', same, STORE)).toBe(true);
  });
});
