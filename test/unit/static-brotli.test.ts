import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsBrotli, staticBrotli } from '../../scripts/lib/static-brotli.mjs';

// scripts/serve.mjs sends the build's scripts and stylesheets in Brotli: Next.js still answers
// each request (here: its own `send` and `compression`, as it serves /_next/static/), and only
// a 200's body is replaced. Every other answer must be exactly Next.js's.

// Next.js's own copies of `send` and `compression`, with which it serves /_next/static/ (they
// ship no types).
const require = createRequire(import.meta.url);
type Middleware = (
  request: http.IncomingMessage,
  response: http.ServerResponse,
  next: () => void,
) => void;
const compression = require('next/dist/compiled/compression') as () => Middleware;
const send = require('next/dist/compiled/send') as (
  request: http.IncomingMessage,
  file: string,
) => NodeJS.EventEmitter & { pipe(response: http.ServerResponse): void };

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-brotli-'));
const staticDir = path.join(dir, 'static');
const script = `${'export const part = "6205-2RS-C3 — deep groove ball bearing";\n'.repeat(400)}`;
fs.mkdirSync(path.join(staticDir, 'chunks'), { recursive: true });
fs.writeFileSync(path.join(staticDir, 'chunks', 'app.js'), script);
fs.writeFileSync(path.join(staticDir, 'chunks', 'app.css'), 'body{color:#111}'.repeat(200));
fs.writeFileSync(path.join(staticDir, 'chunks', 'app.txt'), 'not compressed here');
fs.writeFileSync(path.join(dir, 'secret.js'), 'outside the static directory');

let server: http.Server;
let base: string;

beforeAll(async () => {
  const brotli = staticBrotli(staticDir);
  const compress = compression();
  server = http.createServer((request, response) => {
    brotli(request, response);
    // As Next.js serves /_next/static/: its headers, gzip when accepted, the file by `send`.
    compress(request, response, () => {
      response.setHeader('X-Content-Type-Options', 'nosniff');
      response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      const { pathname } = new URL(request.url!, 'http://127.0.0.1');
      const file = decodeURIComponent(pathname.replace('/_next/static/', ''));
      send(request, path.join(staticDir, file))
        .on('error', () => {
          response.statusCode = 404;
          response.end('not found');
        })
        .pipe(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A raw request (fetch would decode the body and hide Content-Encoding's effect). */
function get(
  urlPath: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.request(base + urlPath, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** Asks until the file comes in Brotli (it is compressed in the background on first request). */
async function untilBrotli(urlPath: string) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const answer = await get(urlPath, BROWSER);
    if (answer.headers['content-encoding'] === 'br') return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${urlPath} never came in Brotli`);
}

describe('acceptsBrotli', () => {
  it.each([
    ['gzip, deflate, br, zstd', true],
    ['br', true],
    ['BR;q=0.5, gzip', true],
    ['gzip, br;q=0', false],
    ['gzip, br ; q=0.0', false],
    ['gzip, deflate', false],
    ['brotli', false],
    ['', false],
    [undefined, false],
  ])('%s: %s', (header, accepted) => {
    expect(acceptsBrotli(header)).toBe(accepted);
  });
});

describe('staticBrotli', () => {
  it("answers the first request with Next.js's gzip, and later ones in Brotli", async () => {
    const first = await get('/_next/static/chunks/app.js', BROWSER);
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(first.body).toString()).toBe(script);

    const later = await untilBrotli('/_next/static/chunks/app.js');
    expect(later.status).toBe(200);
    expect(zlib.brotliDecompressSync(later.body).toString()).toBe(script);
    expect(Number(later.headers['content-length'])).toBe(later.body.length);
    expect(later.body.length).toBeLessThan(first.body.length);
    // Next.js's own headers stay, with the type `send` gives the file.
    expect(later.headers['x-content-type-options']).toBe('nosniff');
    expect(later.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(later.headers['content-type']).toMatch(/^application\/javascript/);
    expect(later.headers['vary']).toMatch(/accept-encoding/i);
    expect(later.headers['accept-ranges']).toBeUndefined();
  });

  it('compresses stylesheets too', async () => {
    await get('/_next/static/chunks/app.css', BROWSER);
    const css = await untilBrotli('/_next/static/chunks/app.css');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(zlib.brotliDecompressSync(css.body).toString()).toBe('body{color:#111}'.repeat(200));
  });

  it('answers HEAD with the Brotli headers and no body', async () => {
    await untilBrotli('/_next/static/chunks/app.js');
    const head = await get('/_next/static/chunks/app.js', BROWSER, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(head.body.length).toBe(0);
  });

  it('leaves a browser without Brotli, and requests it cannot answer, to Next.js', async () => {
    const file = '/_next/static/chunks/app.js';
    await untilBrotli(file);
    const gzip = await get(file, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(script);

    const refused = await get(file, { 'accept-encoding': 'br;q=0, gzip' });
    expect(refused.headers['content-encoding']).toBe('gzip');

    const plain = await get(file);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);

    // A range of the file's bytes, as Next.js answers it.
    const range = await get(file, { ...BROWSER, range: 'bytes=0-5' });
    expect(range.status).toBe(206);
    expect(range.body.toString()).toBe(script.slice(0, 6));

    // Conditional requests keep Next.js's validators and 304.
    const lastModified = plain.headers['last-modified']!;
    const conditional = await get(file, { ...BROWSER, 'if-modified-since': lastModified });
    expect(conditional.status).toBe(304);
    expect(conditional.headers['content-encoding']).toBeUndefined();

    // A query string names another resource for a cache: not this layer's.
    const query = await get(`${file}?v=1`, BROWSER);
    expect(query.headers['content-encoding']).toBe('gzip');

    const post = await get(file, BROWSER, 'POST');
    expect(post.headers['content-encoding']).not.toBe('br');
  });

  it('touches no path outside the static files it listed at start-up', async () => {
    for (const urlPath of [
      '/_next/static/chunks/app.txt',
      '/_next/static/chunks/missing.js',
      '/_next/static/../secret.js',
      '/_next/static/%2e%2e/secret.js',
      '/_next/static/chunks/../../secret.js',
      '/chunks/app.js',
    ]) {
      // Twice: a second request would be the Brotli one for a file it compressed.
      await get(urlPath, BROWSER);
      const answer = await get(urlPath, BROWSER);
      expect(answer.headers['content-encoding'], urlPath).not.toBe('br');
    }
  });

  it('leaves an answer other than the file as Next.js made it', async () => {
    const brotli = staticBrotli(staticDir);
    const other = http.createServer((request, response) => {
      brotli(request, response);
      response.statusCode = 503;
      response.setHeader('Content-Type', 'text/plain');
      response.end('busy');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const port = (other.address() as AddressInfo).port;
    try {
      const ask = () =>
        new Promise<{ status: number; encoding?: string; body: string }>((resolve, reject) => {
          http
            .get(
              `http://127.0.0.1:${port}/_next/static/chunks/app.js`,
              { headers: BROWSER },
              (response) => {
                let body = '';
                response.on('data', (chunk) => (body += chunk));
                response.on('end', () =>
                  resolve({
                    status: response.statusCode!,
                    encoding: response.headers['content-encoding'],
                    body,
                  }),
                );
              },
            )
            .on('error', reject);
        });
      await ask();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await ask()).toEqual({ status: 503, encoding: undefined, body: 'busy' });
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });
});
