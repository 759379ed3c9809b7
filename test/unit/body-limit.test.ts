import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessages } from '@/lib/core/error-messages';
import { MAX_AUTH_BYTES } from '@/lib/security/body';
import {
  AUTH_BODY_LIMIT,
  bodyBound,
  boundRequestBody,
  SERVER_BODY_LIMIT,
  tooLargeBody,
} from '../../scripts/lib/body-limit.mjs';
import { streamedPost } from '../support/streamed-post';

// The production server's body bound (scripts/serve.mjs), on a plain Node.js server whose
// handler reads the body the way Next.js hands it to a route handler: a web Request over the
// Node.js request stream.

const MB = 1024 * 1024;
let server: http.Server;
let base: string;
const handled: string[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    boundRequestBody(request, response, async () => {
      const body = await new Request(`http://store.invalid${request.url}`, {
        method: request.method,
        body: request as unknown as ReadableStream,
        duplex: 'half',
      } as RequestInit).text();
      handled.push(request.url!);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ bytes: body.length, head: body.slice(0, 16) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('the bound of each request', () => {
  it('Auth.js’s POSTs: 8 kB, read whole by the server; the app’s bound is the same', () => {
    expect(AUTH_BODY_LIMIT).toBe(MAX_AUTH_BYTES);
    for (const path of ['/api/auth/callback/credentials', '/api/auth/signout?x=1', '/api/auth']) {
      expect(bodyBound('POST', path)).toEqual({ limit: AUTH_BODY_LIMIT, buffered: true });
    }
    expect(bodyBound('GET', '/api/auth/session').buffered).toBe(false);
    expect(bodyBound('POST', '/api/authx').limit).toBe(SERVER_BODY_LIMIT);
    expect(bodyBound('POST', '/api/images').limit).toBe(SERVER_BODY_LIMIT);
  });

  it('answers 413 in the API’s error shape, with the message of lib/core/messages.ts', () => {
    expect(JSON.parse(tooLargeBody(AUTH_BODY_LIMIT))).toEqual({
      error: {
        code: errorMessages['request.too_large'].code,
        message: errorMessages['request.too_large'].message.replace('{limit}', '8 kB'),
        details: { limitBytes: AUTH_BODY_LIMIT },
      },
    });
  });
});

describe('a 100 MB body to an Auth.js route', () => {
  it.each([
    ['streamed without a Content-Length', false],
    ['with its Content-Length declared', true],
  ])('%s: 413 within 1 s, the rest discarded, memory flat', async (_, declared) => {
    const rss = process.memoryUsage().rss;
    const answer = await streamedPost(`${base}/api/auth/callback/credentials`, {
      total: 100 * MB,
      declared,
    });
    expect(answer.error).toBeUndefined();
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual(JSON.parse(tooLargeBody(AUTH_BODY_LIMIT)));
    expect(answer.ms).toBeLessThan(1000);
    expect(answer.sent).toBeLessThan(100 * MB);
    expect(process.memoryUsage().rss - rss).toBeLessThan(50 * MB);
    expect(handled).not.toContain('/api/auth/callback/credentials');
  });
});

describe('bodies within the bound reach the handler intact', () => {
  it('an Auth.js form of exactly 8 kB', async () => {
    const answer = await streamedPost(`${base}/api/auth/callback/credentials`, {
      total: AUTH_BODY_LIMIT,
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ bytes: AUTH_BODY_LIMIT, head: 'a'.repeat(16) });
  });

  it('an empty sign-out form', async () => {
    const answer = await streamedPost(`${base}/api/auth/signout`, { total: 0, declared: true });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ bytes: 0, head: '' });
  });

  it('other routes: streamed on to the handler, whose own bound applies; a declared 100 MB is refused at once', async () => {
    const upload = await streamedPost(`${base}/api/images`, { total: 2 * MB });
    expect(JSON.parse(upload.body)).toEqual({ bytes: 2 * MB, head: 'a'.repeat(16) });
    const huge = await streamedPost(`${base}/api/images`, { total: 100 * MB, declared: true });
    expect(huge.status).toBe(413);
    expect(huge.ms).toBeLessThan(1000);
  });
});
