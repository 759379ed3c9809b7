import 'server-only';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { concurrencyLimit } from '@/lib/core/concurrency';
import { MAX_IMAGE_BYTES } from './limits';
import { sniffImageType, type ImageType } from './sniff';
import { logger } from '@/lib/core/log';

/**
 * The store's copy of a picture that lives on someone else's host: an admin may give a product
 * any http(s) picture URL, but the pages' Content-Security-Policy lets the browser load images
 * only from this origin and Cloudinary's, so such a picture is fetched by the server
 * (GET /api/product/{productId}/picture) and shown from here.
 *
 * The server fetching a URL it was given is the classic server-side request forgery, so each
 * fetch (and each redirect it follows) goes only to a public unicast address: the host name is
 * resolved once, every address it resolves to must be public, and the connection is made to
 * that checked address (no second lookup that a rebinding DNS server could answer
 * differently). Loopback, private, link-local (cloud metadata at 169.254.169.254), carrier-grade
 * NAT, unique-local, multicast, reserved ranges and IPv6 forms that embed an IPv4 address are
 * refused. The answer must be a JPEG, PNG, WebP or GIF by its bytes, at most MAX_IMAGE_BYTES,
 * within REMOTE_PICTURE_TIMEOUT_MS in all.
 */

export const REMOTE_PICTURE_TIMEOUT_MS = 5_000;
export const REMOTE_PICTURE_MAX_REDIRECTS = 3;

export interface RemotePicture {
  bytes: Buffer;
  contentType: ImageType;
}

/** Why a picture could not be fetched: logged on the server, never told to the client. */
export class RemotePictureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RemotePictureError';
  }
}

/** Whether an IP address (v4 or v6, IPv4-mapped included) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

type LookupAll = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface RemotePictureOptions {
  /** Resolves a host name to all its addresses (tests give their own; default: the system's). */
  lookup?: LookupAll;
  /** Which addresses may be connected to (default: `isPublicAddress`). */
  allowAddress?: (address: string) => boolean;
  timeoutMs?: number;
  maxBytes?: number;
}

const systemLookup: LookupAll = (hostname) => dns.promises.lookup(hostname, { all: true });

/** The address to connect to for `hostname`: every one it resolves to must be allowed. */
async function checkedAddress(
  hostname: string,
  lookup: LookupAll,
  allowAddress: (address: string) => boolean,
): Promise<{ address: string; family: number }> {
  const literal = hostname.replace(/^\[|\]$/g, '');
  const found = net.isIP(literal)
    ? [{ address: literal, family: net.isIP(literal) }]
    : await lookup(hostname).catch((error: unknown) => {
        throw new RemotePictureError(
          `${hostname} does not resolve (${error instanceof Error ? error.message : error})`,
        );
      });
  if (found.length === 0) throw new RemotePictureError(`${hostname} does not resolve`);
  const refused = found.find(({ address }) => !allowAddress(address));
  if (refused) throw new RemotePictureError(`${hostname} resolves to ${refused.address}`);
  return found[0]!;
}

/** One GET to the checked address; resolves with the response, or its redirect target. */
function request(
  url: URL,
  target: { address: string; family: number },
  signal: AbortSignal,
): Promise<http.IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(
      url,
      {
        signal,
        // A connection of its own, never one pooled for an earlier (differently checked) fetch.
        agent: false,
        headers: {
          accept: 'image/webp,image/png,image/jpeg,image/gif',
          'user-agent': 'storefront',
        },
        // Connect to the address that was checked: no second lookup. TLS still checks the
        // certificate against the URL's host name (the servername comes from the URL).
        lookup: (_hostname, options, callback) => {
          if ((options as { all?: boolean }).all) {
            (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(
              null,
              [target],
            );
          } else {
            callback(null, target.address, target.family);
          }
        },
      },
      resolve,
    );
    req.on('error', reject);
  });
}

async function readBody(response: http.IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new RemotePictureError(`the picture is ${declared} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      response.destroy();
      throw new RemotePictureError(`the picture is over ${maxBytes} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Fetches a picture from an http(s) URL on a public host, following up to 3 redirects. */
export async function fetchRemotePicture(
  pictureUrl: string,
  {
    lookup = systemLookup,
    allowAddress = isPublicAddress,
    timeoutMs = REMOTE_PICTURE_TIMEOUT_MS,
    maxBytes = MAX_IMAGE_BYTES,
  }: RemotePictureOptions = {},
): Promise<RemotePicture> {
  const signal = AbortSignal.timeout(timeoutMs);
  let url: URL;
  try {
    url = new URL(pictureUrl);
  } catch {
    throw new RemotePictureError('not a URL');
  }
  try {
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new RemotePictureError(`${url.protocol} is not http(s)`);
      }
      if (url.username || url.password) throw new RemotePictureError('URL with credentials');
      const target = await checkedAddress(url.hostname, lookup, allowAddress);
      const response = await request(url, target, signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        if (hop >= REMOTE_PICTURE_MAX_REDIRECTS) throw new RemotePictureError('too many redirects');
        url = new URL(response.headers.location, url);
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw new RemotePictureError(`the host answered ${status}`);
      }
      const bytes = await readBody(response, maxBytes);
      const contentType = sniffImageType(bytes);
      if (!contentType) throw new RemotePictureError('the answer is not a JPEG, PNG, WebP or GIF');
      return { bytes, contentType };
    }
  } catch (error) {
    if (error instanceof RemotePictureError) throw error;
    if (signal.aborted) throw new RemotePictureError(`no answer within ${timeoutMs} ms`);
    throw new RemotePictureError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * At most this many pictures are being fetched at once (others wait their turn), so however
 * many products have pictures on other hosts, their fetches hold at most this many times
 * MAX_IMAGE_BYTES in memory.
 */
export const REMOTE_PICTURE_FETCHES_AT_ONCE = 4;

/** Successful fetches kept in memory, newest last, up to this many bytes in all. */
const CACHE_BYTES = 32 * 1024 * 1024;
const CACHE_MS = 10 * 60_000;
/** A failed fetch is not tried again for this long (a dead host is not asked on every view). */
const FAILURE_CACHE_MS = 60_000;

type CacheEntry =
  { at: number; picture: RemotePicture } | { at: number; failure: RemotePictureError };

const cache = globalThis as typeof globalThis & {
  __storefrontRemotePictures?: {
    entries: Map<string, CacheEntry>;
    bytes: number;
    inFlight: Map<string, Promise<RemotePicture>>;
    /** Runs a fetch once fewer than REMOTE_PICTURE_FETCHES_AT_ONCE others are running. */
    inTurn: <T>(work: () => Promise<T>) => Promise<T>;
  };
};

/** Empties the memory of fetched pictures (tests). */
export function forgetRemotePictures(): void {
  delete cache.__storefrontRemotePictures;
}

function remotePictureCache() {
  cache.__storefrontRemotePictures ??= {
    entries: new Map(),
    bytes: 0,
    inFlight: new Map(),
    inTurn: concurrencyLimit(REMOTE_PICTURE_FETCHES_AT_ONCE),
  };
  return cache.__storefrontRemotePictures;
}

function forget(state: ReturnType<typeof remotePictureCache>, url: string) {
  const entry = state.entries.get(url);
  if (entry && 'picture' in entry) state.bytes -= entry.picture.bytes.length;
  state.entries.delete(url);
}

/**
 * `fetchRemotePicture` with a small memory of its answers: one fetch at a time per URL however
 * many requests ask for it, a picture kept for 10 minutes (32 MB in all, the least recently
 * used going first), a failure for a minute. So a page viewed by many never sends the host more
 * than one request per picture in a while. `options` as for `fetchRemotePicture`.
 */
export async function remotePicture(
  url: string,
  options: RemotePictureOptions = {},
): Promise<RemotePicture> {
  const state = remotePictureCache();
  const now = Date.now();
  const entry = state.entries.get(url);
  if (entry) {
    const age = now - entry.at;
    if ('picture' in entry && age < CACHE_MS) {
      state.entries.delete(url);
      state.entries.set(url, entry);
      return entry.picture;
    }
    if ('failure' in entry && age < FAILURE_CACHE_MS) throw entry.failure;
    forget(state, url);
  }
  const running = state.inFlight.get(url);
  if (running) return running;
  const fetching = state
    .inTurn(() => fetchRemotePicture(url, options))
    .then(
      (picture) => {
        if (picture.bytes.length <= CACHE_BYTES) {
          state.entries.set(url, { at: Date.now(), picture });
          state.bytes += picture.bytes.length;
          for (const oldest of state.entries.keys()) {
            if (state.bytes <= CACHE_BYTES) break;
            forget(state, oldest);
          }
        }
        return picture;
      },
      (error: unknown) => {
        const failure =
          error instanceof RemotePictureError ? error : new RemotePictureError(String(error));
        // Logged once per failed fetch (at most once a minute per picture), not per request.
        logger.warn(`[picture] ${url}: ${failure.message}`);
        state.entries.set(url, { at: Date.now(), failure });
        throw failure;
      },
    )
    .finally(() => state.inFlight.delete(url));
  state.inFlight.set(url, fetching);
  return fetching;
}
