import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GET as pictureRoute } from '@/app/api/product/[productId]/picture/route';
import { productCardView } from '@/components/home/card-view';
import { productPicturePath, productPictureSrc } from '@/components/product/picture';
import { closeConnection } from '@/lib/core/db';
import { errorMessages } from '@/lib/core/error-messages';
import { forgetRemotePictures } from '@/lib/images/remote';
import { makeProduct } from '../support/factories';
import { params, request } from '../support/users';
import { pngImage } from '../../e2e/fixtures/images';

/**
 * GET /api/product/{productId}/picture: the store's copy of a product picture that lives on
 * another host (the pages' Content-Security-Policy allows images only from this origin and
 * Cloudinary). The fetch itself is tested in test/unit/remote-picture.test.ts; here, the route's
 * answers, and that it never lets the server be pointed at an internal address.
 */

let hits = 0;
let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    hits += 1;
    res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from(pngImage()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await closeConnection();
});

afterEach(() => {
  hits = 0;
  forgetRemotePictures();
});

async function get(productId: string) {
  const res = await pictureRoute(
    request(`/api/product/${productId}/picture`),
    params({ productId }),
  );
  const type = res.headers.get('content-type') ?? '';
  return {
    status: res.status,
    headers: res.headers,
    body: type.includes('json') ? await res.json() : null,
  };
}

describe('GET /api/product/{productId}/picture', () => {
  it.each([
    ['on this origin', '/images/products/hex-flange-bolt.webp'],
    ['on Cloudinary', 'https://res.cloudinary.com/demo/image/upload/v1/gear.png'],
  ])('redirects to a picture %s', async (_label, picture) => {
    const product = await makeProduct({ picture });
    const res = await get(product._id);
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe(picture);
  });

  it('redirects with the URL percent-encoded when it has characters a header cannot carry', async () => {
    const product = await makeProduct({
      picture: 'https://res.cloudinary.com/demo/image/upload/v1/gear’s pinion.png',
    });
    const res = await get(product._id);
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe(
      'https://res.cloudinary.com/demo/image/upload/v1/gear%E2%80%99s%20pinion.png',
    );
  });

  it.each([
    ['a loopback address', () => `http://127.0.0.1:${port}/p.png`],
    ['localhost', () => `http://localhost:${port}/p.png`],
    ['an IPv6 loopback address', () => `http://[::1]:${port}/p.png`],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/'],
  ])('answers 502 for a picture on %s, without fetching it', async (_label, picture) => {
    const product = await makeProduct({ picture: picture() });
    const res = await get(product._id);
    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      error: {
        code: 'bad_gateway',
        message: errorMessages['product.picture_unavailable'].message,
      },
    });
    expect(hits).toBe(0);
  });

  it('404 for an unknown product, 400 for a malformed id', async () => {
    const missing = await get('0123456789abcdef01234567');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    for (const productId of ['nope', '{"$gt":""}', '../../etc/passwd']) {
      const bad = await get(productId);
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('invalid_id');
    }
  });
});

describe('where the pages load a product picture from', () => {
  const id = '66a1f0c2e4b0a1b2c3d4e5f6';

  it.each([
    '/images/products/ball-bearing.webp',
    '/api/images/66a1f0c2e4b0a1b2c3d4e5f7',
    'https://res.cloudinary.com/demo/image/upload/v1/gear.png',
    'https://lh3.googleusercontent.com/a/gear-photo.jpg',
  ])('%s: from where it is', (picture) => {
    expect(productPictureSrc(id, picture)).toBe(picture);
  });

  it.each([
    'http://cdn.example.com/p.jpg',
    'https://images.example.org/parts/valve.webp',
    'https://res.cloudinary.com.example.net/gear.png',
    'http://res.cloudinary.com/demo/image/upload/v1/gear.png',
  ])('%s: from the store’s copy', (picture) => {
    expect(productPictureSrc(id, picture)).toBe(`/api/product/${id}/picture`);
  });

  it('a card of a product with a picture on another host shows the optimised copy', async () => {
    const product = await makeProduct({ picture: 'http://cdn.example.com/p.jpg' });
    const { img } = productCardView(product);
    const copy = encodeURIComponent(productPicturePath(product._id));
    expect(img.src).toContain(`/_next/image?url=${copy}`);
    expect(img.srcSet).toContain(`/_next/image?url=${copy}`);
  });
});
