import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  fetchRemotePicture,
  forgetRemotePictures,
  isPublicAddress,
  remotePicture,
  REMOTE_PICTURE_FETCHES_AT_ONCE,
  RemotePictureError,
  type RemotePictureOptions,
} from '@/lib/images/remote';
import { pngImage, textFile } from '../../e2e/fixtures/images';

/**
 * The server's fetch of a product picture on another host (lib/images/remote.ts), against a
 * local HTTP server on 127.0.0.1. By default loopback is refused, so the cases that must reach
 * the server name it through an injected lookup (`cdn.example.test` → 127.0.0.1) and allow
 * exactly that address; the refusals use the real guard and check that the server was never
 * asked.
 */

const png = Buffer.from(pngImage());

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
const routes = new Map<string, Handler>();
const seen: { path: string; host: string | undefined }[] = [];
let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ path: req.url ?? '', host: req.headers.host });
    const handler = routes.get(req.url ?? '');
    if (handler) handler(req, res);
    else res.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  routes.set('/p.png', (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  seen.length = 0;
  forgetRemotePictures();
});

/** `cdn.example.test` and `other.example.test` are this server; only 127.0.0.1 is allowed. */
const viaTestHost: RemotePictureOptions = {
  lookup: async (hostname) => {
    if (hostname.endsWith('.example.test')) return [{ address: '127.0.0.1', family: 4 }];
    if (hostname === 'internal.example') return [{ address: '10.0.0.5', family: 4 }];
    throw new Error(`ENOTFOUND ${hostname}`);
  },
  allowAddress: (address) => address === '127.0.0.1',
};
const cdn = (path: string) => `http://cdn.example.test:${port}${path}`;

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RemotePictureError);
  return (error as Error).message;
}

describe('isPublicAddress', () => {
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '151.101.1.69',
    '2606:4700:4700::1111',
    '2a00:1450:4009:81f::200e',
    '::ffff:8.8.8.8',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.1.2.3', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local: cloud metadata'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.0.1', 'reserved'],
    ['198.18.0.1', 'benchmarking'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fd00::1', 'unique local'],
    ['fe80::1', 'IPv6 link-local'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex form'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['localhost', 'a name, not an address'],
    ['', 'empty'],
    ['999.1.1.1', 'not an address'],
  ])('%s is refused (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('fetchRemotePicture: where it may go', () => {
  it.each([
    ['a loopback address', () => `http://127.0.0.1:${port}/p.png`],
    ['an IPv6 loopback address', () => `http://[::1]:${port}/p.png`],
    ['localhost', () => `http://localhost:${port}/p.png`],
    ['an IPv4-mapped loopback address', () => `http://[::ffff:127.0.0.1]:${port}/p.png`],
    ['a decimal loopback address', () => `http://2130706433:${port}/p.png`],
  ])('refuses %s without asking it', async (_label, url) => {
    expect(await refusal(fetchRemotePicture(url()))).toMatch(/resolves to|does not resolve/);
    expect(seen).toEqual([]);
  });

  it('refuses a name when any of its addresses is internal', async () => {
    const message = await refusal(
      fetchRemotePicture('http://mixed.example/p.png', {
        lookup: async () => [
          { address: '93.184.216.34', family: 4 },
          { address: '10.0.0.7', family: 4 },
        ],
      }),
    );
    expect(message).toBe('mixed.example resolves to 10.0.0.7');
  });

  it('fetches from the checked address, with the URL’s host name', async () => {
    const picture = await fetchRemotePicture(cdn('/p.png'), viaTestHost);
    expect(picture.contentType).toBe('image/png');
    expect(picture.bytes.equals(png)).toBe(true);
    expect(seen).toEqual([{ path: '/p.png', host: `cdn.example.test:${port}` }]);
  });

  it('follows a redirect on allowed hosts, and checks each one', async () => {
    routes.set('/moved', (_req, res) =>
      res.writeHead(302, { location: `http://other.example.test:${port}/p.png` }).end(),
    );
    const picture = await fetchRemotePicture(cdn('/moved'), viaTestHost);
    expect(picture.bytes.equals(png)).toBe(true);
    expect(seen.map((hit) => hit.host)).toEqual([
      `cdn.example.test:${port}`,
      `other.example.test:${port}`,
    ]);
  });

  it.each([
    ['cloud metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['a name on a private network', 'http://internal.example/admin'],
    ['a file', 'file:///etc/passwd'],
  ])('refuses a redirect to %s', async (_label, location) => {
    routes.set('/hop', (_req, res) => res.writeHead(301, { location }).end());
    await refusal(fetchRemotePicture(cdn('/hop'), viaTestHost));
    expect(seen.map((hit) => hit.path)).toEqual(['/hop']);
  });

  it('gives up after 3 redirects', async () => {
    for (let hop = 0; hop < 5; hop++) {
      routes.set(`/loop${hop}`, (_req, res) =>
        res.writeHead(302, { location: `/loop${hop + 1}` }).end(),
      );
    }
    expect(await refusal(fetchRemotePicture(cdn('/loop0'), viaTestHost))).toBe(
      'too many redirects',
    );
    expect(seen).toHaveLength(4);
  });

  it.each([
    ['ftp://cdn.example.test/p.png', 'ftp: is not http(s)'],
    ['data:image/png;base64,AAAA', 'data: is not http(s)'],
    ['http://user:secret@cdn.example.test/p.png', 'URL with credentials'],
    ['not a url', 'not a URL'],
  ])('refuses %s', async (url, message) => {
    expect(await refusal(fetchRemotePicture(url, viaTestHost))).toBe(message);
    expect(seen).toEqual([]);
  });

  it('says so when the name does not resolve', async () => {
    expect(await refusal(fetchRemotePicture('http://nowhere.invalid/p.png', viaTestHost))).toMatch(
      /^nowhere\.invalid does not resolve/,
    );
  });
});

describe('fetchRemotePicture: what it accepts', () => {
  it('refuses an answer other than 200', async () => {
    expect(await refusal(fetchRemotePicture(cdn('/missing.png'), viaTestHost))).toBe(
      'the host answered 404',
    );
  });

  it('refuses bytes that are not a picture, whatever their declared type', async () => {
    routes.set('/page.png', (_req, res) =>
      res.writeHead(200, { 'content-type': 'image/png' }).end(textFile),
    );
    routes.set('/vector.svg', (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'image/svg+xml' })
        .end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    );
    for (const path of ['/page.png', '/vector.svg']) {
      expect(await refusal(fetchRemotePicture(cdn(path), viaTestHost))).toBe(
        'the answer is not a JPEG, PNG, WebP or GIF',
      );
    }
  });

  it('refuses a picture over the size limit, declared or streamed', async () => {
    const big = Buffer.concat([png, Buffer.alloc(4096)]);
    routes.set('/declared.png', (_req, res) =>
      res.writeHead(200, { 'content-length': String(big.length) }).end(big),
    );
    routes.set('/streamed.png', (_req, res) => {
      res.writeHead(200);
      res.write(big.subarray(0, 2048));
      setTimeout(() => res.end(big.subarray(2048)), 10);
    });
    const small = { ...viaTestHost, maxBytes: 3000 };
    expect(await refusal(fetchRemotePicture(cdn('/declared.png'), small))).toBe(
      `the picture is ${big.length} bytes`,
    );
    expect(await refusal(fetchRemotePicture(cdn('/streamed.png'), small))).toBe(
      'the picture is over 3000 bytes',
    );
  });

  it('gives up on a host that does not answer in time', async () => {
    routes.set('/slow.png', () => {
      // Never answers.
    });
    const started = Date.now();
    expect(
      await refusal(fetchRemotePicture(cdn('/slow.png'), { ...viaTestHost, timeoutMs: 200 })),
    ).toBe('no answer within 200 ms');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('remotePicture: its memory', () => {
  it('asks the host once for many requests at once, and keeps the picture', async () => {
    routes.set('/once.png', (_req, res) => setTimeout(() => res.writeHead(200).end(png), 20));
    const pictures = await Promise.all(
      Array.from({ length: 5 }, () => remotePicture(cdn('/once.png'), viaTestHost)),
    );
    expect(pictures.every((picture) => picture.bytes.equals(png))).toBe(true);
    await remotePicture(cdn('/once.png'), viaTestHost);
    expect(seen).toHaveLength(1);
  });

  it(`fetches at most ${REMOTE_PICTURE_FETCHES_AT_ONCE} pictures at once, the others in turn`, async () => {
    let open = 0;
    let most = 0;
    for (let n = 0; n < 10; n++) {
      routes.set(`/many${n}.png`, (_req, res) => {
        open += 1;
        most = Math.max(most, open);
        setTimeout(() => {
          open -= 1;
          res.writeHead(200).end(png);
        }, 15);
      });
    }
    const pictures = await Promise.all(
      Array.from({ length: 10 }, (_, n) => remotePicture(cdn(`/many${n}.png`), viaTestHost)),
    );
    expect(pictures).toHaveLength(10);
    expect(seen).toHaveLength(10);
    expect(most).toBe(REMOTE_PICTURE_FETCHES_AT_ONCE);
  });

  it('keeps a failure for a while instead of asking again', async () => {
    await refusal(remotePicture(cdn('/gone.png'), viaTestHost));
    await refusal(remotePicture(cdn('/gone.png'), viaTestHost));
    expect(seen).toHaveLength(1);
  });
});
