// A local stand-in for Cloudinary's upload API, for the real `cloudinary` SDK.
//
// It accepts POST /v1_1/<cloud>/image/upload (multipart/form-data, as the SDK's upload_stream
// sends it), refuses unknown API keys, stale timestamps and wrong signatures the way Cloudinary
// does, checks that the file is an image by its bytes, keeps it in memory and serves it back at
// the `url` / `secure_url` it answers (plain http on 127.0.0.1: there is no TLS here). POST
// /v1_1/<cloud>/image/destroy (the SDK's uploader.destroy, signed the same way) removes an
// asset by its public id and answers `{ result: 'ok' }`, or `{ result: 'not found' }`.
//
// The app finds it through CLOUDINARY_URL, whose `upload_prefix` the SDK reads when it loads:
//   cloudinary://KEY:SECRET@CLOUD?upload_prefix=http%3A%2F%2F127.0.0.1%3APORT
import http from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import { CLOUDINARY_PORT } from './ports.mjs';

export const CLOUD_NAME = 'storefront-e2e';
export const API_KEY = '731946258417263';
export const API_SECRET = 'stand-in-secret-5b1f0c9e7d';

/** Parameters that are sent but never signed (Cloudinary's rule, as in the SDK). */
const UNSIGNED = new Set(['file', 'api_key', 'resource_type', 'cloud_name', 'signature']);
const MAX_BODY_BYTES = 25 * 1024 * 1024;

/**
 * The SDK's `api_sign_request`: the signed parameters sorted by name, joined as `k=v&k=v`
 * (each pair with `&` escaped as %26, signature version 2), then the API secret appended, and
 * the SHA-1 of that in hex.
 */
export function apiSignRequest(params, apiSecret) {
  const toSign = Object.entries(params)
    .filter(([key, value]) => !UNSIGNED.has(key) && value !== undefined && value !== '')
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${value}`.replace(/&/g, '%26'))
    .join('&');
  return {
    toSign,
    signature: createHash('sha1')
      .update(toSign + apiSecret)
      .digest('hex'),
  };
}

function sniff(bytes) {
  const has = (signature, offset = 0) =>
    bytes.length >= offset + signature.length &&
    [...signature].every((byte, index) => bytes[offset + index] === byte);
  if (has([0xff, 0xd8, 0xff])) return { format: 'jpg', contentType: 'image/jpeg' };
  if (has([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { format: 'png', contentType: 'image/png' };
  }
  if (has(Buffer.from('RIFF')) && has(Buffer.from('WEBP'), 8)) {
    return { format: 'webp', contentType: 'image/webp' };
  }
  if (has(Buffer.from('GIF87a')) || has(Buffer.from('GIF89a'))) {
    return { format: 'gif', contentType: 'image/gif' };
  }
  return null;
}

/** Splits a multipart/form-data body into its text fields and its file. */
function parseMultipart(body, boundary) {
  const delimiter = Buffer.from(`--${boundary}`);
  const fields = {};
  let file;
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    let part = body.subarray(start + delimiter.length, next);
    if (part.subarray(0, 2).toString() === '\r\n') part = part.subarray(2);
    if (part.subarray(-2).toString() === '\r\n') part = part.subarray(0, -2);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd !== -1) {
      const headers = part.subarray(0, headerEnd).toString('utf8');
      const content = part.subarray(headerEnd + 4);
      const name = /name="([^"]*)"/i.exec(headers)?.[1];
      const filename = /filename="([^"]*)"/i.exec(headers)?.[1];
      if (name === 'file' && filename !== undefined) file = { filename, bytes: content };
      else if (name) fields[name] = content.toString('utf8');
    }
    start = next;
  }
  return { fields, file };
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    request.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(Object.assign(new Error('File size too large'), { status: 413 }));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function answer(response, status, body) {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

const fail = (response, status, message) => answer(response, status, { error: { message } });

/**
 * Starts the stand-in. `port` defaults to the fixed E2E port (0 picks a free one, for tests);
 * answers `{ env, origin, uploads, destroyed, stop }`, where `uploads` lists every accepted
 * upload and `destroyed` every destroy call with its result.
 * (`appUrl`, passed to every stand-in, is not needed: Cloudinary never calls the app.)
 *
 * @param {{ appUrl?: string, port?: number, cloudName?: string, apiKey?: string, apiSecret?: string }} [options]
 */
export async function start({
  port = CLOUDINARY_PORT,
  cloudName = CLOUD_NAME,
  apiKey = API_KEY,
  apiSecret = API_SECRET,
} = {}) {
  /** Delivery path -> { bytes, contentType, publicId } */
  const assets = new Map();
  const uploads = [];
  /** Every destroy call: `{ fields, result }`. */
  const destroyed = [];
  let origin = '';

  /** The signed multipart request's fields and file, or null once it has been refused. */
  async function signedRequest(request, response, cloud) {
    const refuse = (status, message) => {
      fail(response, status, message);
      return null;
    };
    if (cloud !== cloudName) return refuse(404, `Invalid cloud_name ${cloud}`);
    const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(
      request.headers['content-type'] ?? '',
    );
    if (!boundary) return refuse(400, 'Expected multipart/form-data');
    const body = await readBody(request);
    const { fields, file } = parseMultipart(body, boundary[1] ?? boundary[2]);

    if (fields.api_key !== apiKey) return refuse(401, `Unknown API key ${fields.api_key}`);
    const timestamp = Number(fields.timestamp);
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 3600) {
      return refuse(400, `Stale request - reported time is ${fields.timestamp}`);
    }
    const { toSign, signature } = apiSignRequest(fields, apiSecret);
    if (fields.signature !== signature) {
      return refuse(401, `Invalid Signature ${fields.signature}. String to sign - '${toSign}'.`);
    }
    return { fields, file };
  }

  async function destroy(request, response, cloud) {
    const signed = await signedRequest(request, response, cloud);
    if (!signed) return;
    const { fields } = signed;
    if (!fields.public_id) return fail(response, 400, 'Missing required parameter - public_id');
    let result = 'not found';
    for (const [path, asset] of assets) {
      if (asset.publicId === fields.public_id) {
        assets.delete(path);
        result = 'ok';
      }
    }
    destroyed.push({ fields, result });
    return answer(response, 200, { result });
  }

  async function upload(request, response, cloud) {
    const signed = await signedRequest(request, response, cloud);
    if (!signed) return;
    const { fields, file } = signed;
    if (!file || file.bytes.length === 0) {
      return fail(response, 400, 'Missing required parameter - file');
    }
    const kind = sniff(file.bytes);
    if (!kind) return fail(response, 400, 'Invalid image file');

    const name = fields.public_id || randomBytes(10).toString('hex');
    const publicId = fields.folder ? `${fields.folder}/${name}` : name;
    const version = Math.floor(Date.now() / 1000);
    const path = `/${cloudName}/image/upload/v${version}/${publicId}.${kind.format}`;
    assets.set(path, { bytes: file.bytes, contentType: kind.contentType, publicId });
    const url = `${origin}${path}`;
    const result = {
      asset_id: randomBytes(16).toString('hex'),
      public_id: publicId,
      version,
      version_id: randomBytes(16).toString('hex'),
      signature: createHash('sha1')
        .update(`public_id=${publicId}&version=${version}${apiSecret}`)
        .digest('hex'),
      width: 0,
      height: 0,
      format: kind.format,
      resource_type: 'image',
      created_at: new Date(version * 1000).toISOString(),
      tags: [],
      bytes: file.bytes.length,
      type: 'upload',
      etag: createHash('md5').update(file.bytes).digest('hex'),
      placeholder: false,
      url,
      secure_url: url,
      folder: fields.folder ?? '',
      original_filename: file.filename.replace(/\.[^.]*$/, ''),
      api_key: apiKey,
    };
    uploads.push({ fields, result });
    return answer(response, 200, result);
  }

  const server = http.createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://stand-in');
    const apiPath = /^\/v1_1\/([^/]+)\/image\/(upload|destroy)$/.exec(pathname);
    if (request.method === 'POST' && apiPath) {
      const handle = apiPath[2] === 'upload' ? upload : destroy;
      handle(request, response, decodeURIComponent(apiPath[1])).catch((error) => {
        if (!response.headersSent) fail(response, error.status ?? 500, error.message);
      });
      return;
    }
    const asset = assets.get(pathname);
    if ((request.method === 'GET' || request.method === 'HEAD') && asset) {
      response.writeHead(200, {
        'Content-Type': asset.contentType,
        'Content-Length': asset.bytes.length,
        'Cache-Control': 'public, max-age=31536000, immutable',
      });
      response.end(request.method === 'HEAD' ? undefined : asset.bytes);
      return;
    }
    fail(response, 404, `Resource not found - ${pathname}`);
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  origin = `http://127.0.0.1:${server.address().port}`;

  return {
    env: {
      CLOUDINARY_URL: `cloudinary://${apiKey}:${apiSecret}@${cloudName}?upload_prefix=${encodeURIComponent(origin)}`,
    },
    origin,
    uploads,
    destroyed,
    async stop() {
      server.closeAllConnections?.();
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
