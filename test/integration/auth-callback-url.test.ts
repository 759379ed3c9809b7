import { NextRequest } from 'next/server';
import { afterAll, describe, expect, it, vi } from 'vitest';

// A store with its public URL configured: next-auth then rebuilds each request on AUTH_URL.
vi.hoisted(() => {
  process.env.AUTH_URL = 'http://127.0.0.1:3000';
});

import { GET as authGet, POST as authPost } from '@/app/api/auth/[...nextauth]/route';
import { closeConnection } from '@/lib/core/db';
import { createActor } from '../support/users';

afterAll(closeConnection);

const ORIGIN = 'http://127.0.0.1:3000';

/**
 * Auth.js refuses a `callbackUrl` that is neither an http(s) URL nor a path, in its query or its
 * callback-url cookie, but answered it as a server configuration error (500). The Auth.js route
 * answers the query as the client's mistake (400) and leaves such a cookie out; the same is
 * checked without AUTH_URL by test/integration/api-fuzz.test.ts, where fuzzing found it.
 */
describe('the callbackUrl Auth.js refuses, with AUTH_URL set', () => {
  it('in the query: 400 in the error shape, on every Auth.js endpoint', async () => {
    for (const path of ['/api/auth/session', '/api/auth/csrf', '/api/auth/providers']) {
      const response = await authGet(
        new NextRequest(`${ORIGIN}${path}?callbackUrl=javascript:alert(1)`),
      );
      expect(response.status, path).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: 'bad_request' } });
    }
    const post = await authPost(
      new NextRequest(`${ORIGIN}/api/auth/callback/credentials?callbackUrl=ftp://x`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'email=a%40example.com&password=whatever',
      }),
    );
    expect(post.status).toBe(400);
  });

  it('repeated in the query: a refused value anywhere is 400 (Auth.js reads the last)', async () => {
    for (const query of [
      'callbackUrl=&callbackUrl=%00',
      'callbackUrl=/dashboard&callbackUrl=ftp://x',
    ]) {
      const response = await authGet(new NextRequest(`${ORIGIN}/api/auth/session?${query}`));
      expect(response.status, query).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: 'bad_request' } });
    }
  });

  it('in the cookie: left out, so the session still reads', async () => {
    const actor = await createActor('user');
    const response = await authGet(
      new NextRequest(`${ORIGIN}/api/auth/session`, {
        headers: { cookie: `${actor.session.Cookie}; authjs.callback-url=javascript%3Aalert(1)` },
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user: { email: actor.user.email } });
  });

  it('a path or a URL is left to Auth.js, as before', async () => {
    for (const callbackUrl of ['/dashboard', `${ORIGIN}/dashboard`]) {
      const response = await authGet(
        new NextRequest(`${ORIGIN}/api/auth/csrf?callbackUrl=${encodeURIComponent(callbackUrl)}`),
      );
      expect(response.status, callbackUrl).toBe(200);
    }
  });
});
