// Brotli for the build's scripts and stylesheets in the production server (scripts/serve.mjs).
//
// Next.js compresses its responses with gzip only. The files under /_next/static/ never change
// for a build (their names carry a hash of their content), so each is compressed once with Brotli
// at its best quality and kept in memory: a page's JavaScript and CSS are about 14% smaller than
// with gzip (`/blogs`: 128.9 kB against 150.7 kB). A hosting platform or CDN in front
// (Vercel) does the same itself; this is for the store served by `npm start`.
//
// Only the body changes: the request is still answered by Next.js, asked for an uncompressed
// answer, and when that answer is the file (200) its bytes are replaced by the Brotli ones, so
// the status, the cache and security headers are the ones the build configured. A file is
// compressed in the background on its first request (that request gets Next.js's gzip), on
// Node's thread pool. Other methods, query strings, and every path that is not a script or
// stylesheet of the build's static directory as it was at start-up, pass through untouched.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotliCompress = promisify(zlib.brotliCompress);

/** The files compressed: what a page loads before it can run. */
const COMPRESSED = /\.(?:js|css)$/;

const STATIC_PREFIX = '/_next/static/';

/**
 * Whether an Accept-Encoding header accepts Brotli: `br` listed with a weight above zero.
 * @param {string | undefined} header
 */
export function acceptsBrotli(header) {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().split(';');
    if (coding.trim().toLowerCase() !== 'br') return false;
    const weight = params.map((param) => param.trim()).find((param) => /^q=/i.test(param));
    return weight === undefined || Number(weight.slice(2)) > 0;
  });
}

/** Every file under `dir`, as paths relative to it with forward slashes. */
function listFiles(dir, prefix = '') {
  let entries;
  try {
    entries = fs.readdirSync(path.join(dir, prefix), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    return entry.isDirectory() ? listFiles(dir, relative) : [relative];
  });
}

/**
 * The Brotli layer for the static files under `staticDir` (`<distDir>/static`). Returns
 * `prepare(request, response)`, to call before Next.js handles the request: when the request
 * is one this layer answers, it adjusts the request and wraps the response; otherwise it
 * leaves both as they are (and starts compressing the file, on its first request).
 * @param {string} staticDir
 */
export function staticBrotli(staticDir) {
  /** URL path -> file path, for the build's scripts and stylesheets. */
  const files = new Map(
    listFiles(staticDir)
      .filter((relative) => COMPRESSED.test(relative))
      .map((relative) => [`${STATIC_PREFIX}${relative}`, path.join(staticDir, relative)]),
  );
  /** URL path -> Brotli bytes, once compressed. */
  const compressed = new Map();
  /** URL paths being compressed, or that could not be (never tried again). */
  const started = new Set();

  function compress(urlPath) {
    started.add(urlPath);
    fs.promises
      .readFile(/** @type {string} */ (files.get(urlPath)))
      .then((data) =>
        brotliCompress(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
      )
      .then((body) => compressed.set(urlPath, body))
      .catch((error) => {
        console.error(`[static] could not compress ${urlPath}:`, error.message);
      });
  }

  /**
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   */
  return function prepare(request, response) {
    const url = request.url ?? '';
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (!files.has(url)) return;
    if (!acceptsBrotli(request.headers['accept-encoding'])) return;
    const body = compressed.get(url);
    if (!body) {
      if (!started.has(url)) compress(url);
      return;
    }
    // Next.js answers uncompressed; a 200 (the whole file) gets the Brotli bytes instead, and any
    // other answer (a range's 206, a 304, an error) is Next.js's own.
    request.headers['accept-encoding'] = 'identity';
    let replacing = false;
    const { writeHead, write, end } = response;
    response.writeHead = function brotliWriteHead(statusCode, ...rest) {
      if (statusCode === 200) {
        replacing = true;
        // Headers given here would override those set before: drop the length and coding.
        for (const argument of rest) {
          if (argument && typeof argument === 'object' && !Array.isArray(argument)) {
            for (const name of Object.keys(argument)) {
              if (/^(content-length|content-encoding|accept-ranges)$/i.test(name)) {
                delete argument[name];
              }
            }
          }
        }
        response.setHeader('Content-Encoding', 'br');
        response.setHeader('Content-Length', body.length);
        response.removeHeader('Accept-Ranges');
        const vary = String(response.getHeader('Vary') ?? '');
        if (!/\baccept-encoding\b/i.test(vary)) {
          response.setHeader('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
        }
      }
      return writeHead.call(this, statusCode, ...rest);
    };
    response.write = function brotliWrite(chunk, ...rest) {
      if (!response.headersSent) response.writeHead(response.statusCode);
      if (!replacing) return write.call(this, chunk, ...rest);
      // The file's own bytes: the Brotli ones are sent at the end instead.
      const callback = rest.find((argument) => typeof argument === 'function');
      if (callback) process.nextTick(callback);
      return true;
    };
    response.end = function brotliEnd(chunk, ...rest) {
      if (!response.headersSent) response.writeHead(response.statusCode);
      if (!replacing) return end.call(this, chunk, ...rest);
      const callback = [chunk, ...rest].find((argument) => typeof argument === 'function');
      return callback ? end.call(this, body, callback) : end.call(this, body);
    };
  };
}
