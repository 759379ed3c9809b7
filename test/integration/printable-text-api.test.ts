import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeConnection, collections, getDb } from '../support/db';
import { POST as signupRoute } from '@/app/api/signup/route';
import { POST as addReviewRoute } from '@/app/api/review/route';
import { POST as uploadRoute } from '@/app/api/images/route';
import { settleBackgroundWork } from '@/lib/core/background';
import { createActor, params, request, type Actor } from '../support/users';
import { pngImage } from '../../e2e/fixtures/images';

// Names and texts that could read differently than they are (U+202E, zero-width characters,
// controls) are refused by the API with the field's message, as the forms show it.

let buyer: Actor;

async function call(response: Response | Promise<Response>) {
  const res = await response;
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  buyer = await createActor('user');
});
afterAll(async () => {
  await settleBackgroundWork();
  await closeConnection();
});

describe('printable text through the API', () => {
  it('POST /api/signup refuses a name with a right-to-left override: 422 on name, no account', async () => {
    const email = `rtl${Date.now()}@example.com`;
    const answer = await call(
      signupRoute(
        request('/api/signup', {
          method: 'POST',
          json: { name: 'Mira\u202Eesrever', email, password: 'secret12' },
          headers: { 'x-forwarded-for': '198.51.100.77' },
        }),
        params({}),
      ),
    );
    expect(answer.status).toBe(422);
    expect(answer.body.error).toEqual({
      code: 'validation_failed',
      message: 'name: Name must use printable characters only',
      details: { fields: { name: ['Name must use printable characters only'] } },
    });
    const { users } = collections(await getDb());
    expect(await users.countDocuments({ email })).toBe(0);
  });

  it('POST /api/review refuses a zero-width name and takes a multi-line review', async () => {
    const form = new FormData();
    form.set('image', new Blob([new Uint8Array(pngImage({ seed: 31 }))]), 'p.png');
    const uploaded = await call(
      uploadRoute(
        request('/api/images', { method: 'POST', headers: buyer.headers, body: form }),
        params({}),
      ),
    );
    const body = {
      rating: 5,
      name: 'Mi\u200Bra',
      location: 'Accra',
      reviewText: 'Good.\nWould order again.',
      img: uploaded.body.data.url,
    };
    const post = (json: unknown) =>
      call(
        addReviewRoute(
          request('/api/review', { method: 'POST', headers: buyer.headers, json }),
          params({}),
        ),
      );
    const refused = await post(body);
    expect(refused.status).toBe(422);
    expect(refused.body.error.details.fields).toEqual({
      name: ['Name must use printable characters only'],
    });
    const added = await post({ ...body, name: 'Mira' });
    expect(added.status).toBe(201);
    expect(added.body.review.reviewText).toBe('Good.\nWould order again.');
  });
});
