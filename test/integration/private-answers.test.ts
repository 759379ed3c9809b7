import { ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ListedOperation } from '@/lib/api/contract/document';
import { pngImage } from '../../e2e/fixtures/images';
import type { Actor } from '../support/users';
import type { Answer, OperationCall } from '../support/operations';

// Every answer to a signed-in caller is `Cache-Control: private, no-store` (issue 36, item 7), on
// the real engine: the API edge (`route()`, lib/api/handler.ts) says so for any request that
// carries a credential, whatever the handler answered, failures, files and redirects included.
// Walked over every operation of the OpenAPI document with the session cookie and with a bearer
// token; then the answers the issue found cached (the order list and a line of it at a contract
// price, the company, its invoices, the JSON statement) as their successes; and what keeps its
// caching: public reads asked anonymously, and the few answers declared the same for everyone
// (`sameForEveryone`: pre-rendered documents, an image by its random id).

vi.hoisted(() => {
  delete process.env.AUTH_URL;
  delete process.env.ADMIN_EMAILS;
  delete process.env.SMTP_URL;
  // The machine endpoints are on: a buyer's credential is refused there, privately too.
  process.env.METRICS_TOKEN = 'metrics-token-private-answers-0123456789';
  process.env.CRON_SECRET = 'cron-secret-private-answers-0123456789abcdef';
});

const { listOperations } = await import('@/lib/api/contract/document');
const ops = await import('../support/operations');
const users = await import('../support/users');
const factories = await import('../support/factories');
const companyFixtures = await import('../support/companies');
const { closeConnection } = await import('../support/db');
const { settleBackgroundWork } = await import('@/lib/core/background');
const { IMAGE_CACHE_CONTROL } = await import('@/lib/images');
const cart = await import('@/lib/cart');
const companies = await import('@/lib/companies');
const { findUserById } = await import('@/lib/accounts/store/users');
const { parseId } = await import('@/lib/core/ids');

const PRIVATE = 'private, no-store';
const operations = listOperations();

/** The operations declared the same for everyone: chosen one by one, never by default. */
const SAME_FOR_EVERYONE = [
  'GET /api/images/{imageId}',
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/scalar.js',
];

let buyer: Actor;
let admin: Actor;
let product: Awaited<ReturnType<typeof factories.makeProduct>>;
let orderId: string;
let imageId: string;

let ipCounter = 0;
const freshIp = () => `198.51.${Math.floor(ipCounter / 250) % 250}.${(ipCounter++ % 250) + 1}`;

function imageForm(): FormData {
  const form = new FormData();
  form.set('image', new Blob([pngImage({ seed: 36 })], { type: 'image/png' }), 'part.png');
  return form;
}

beforeAll(async () => {
  [buyer, admin] = await Promise.all([
    users.createActor('user', 'Priv Ate'),
    users.createActor('admin', 'Ada Admin'),
  ]);
  product = await factories.makeProduct({ availableQuantity: 1_000_000 });
  orderId = (await factories.makeOrder(buyer.user, product))._id;
  const upload = await ops.callOperation(
    { method: 'POST', path: '/api/images' },
    { headers: admin.session, body: imageForm() },
  );
  expect(upload.status, await upload.clone().text()).toBe(201);
  imageId = ((await upload.json()) as { data: { id: string } }).data.id;
});

afterAll(async () => {
  await settleBackgroundWork();
  await closeConnection();
});

async function call(
  operation: Pick<ListedOperation, 'method' | 'path'>,
  request: OperationCall,
): Promise<Answer> {
  return ops.readAnswer(
    await ops.callOperation(operation, {
      ...request,
      headers: { 'x-forwarded-for': freshIp(), ...request.headers },
    }),
  );
}

/**
 * A request for the operation from `who`: its path filled with the caller's own things where the
 * path names them (their order, their account, a product, an image), a fresh id otherwise; an
 * empty JSON body for a change (most are refused for it: the refusal is an answer too).
 */
function requestFor(operation: ListedOperation, who: Actor): OperationCall {
  const params: Record<string, string> = {};
  for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
    const name = parameter.name;
    params[name] =
      name === 'productId'
        ? product._id
        : name === 'imageId'
          ? imageId
          : name === 'job'
            ? 'orders.expiry'
            : name === 'email'
              ? who.user.email
              : name === 'emailOrId' || name === 'id'
                ? orderId
                : name === 'userId'
                  ? who.user.id
                  : new ObjectId().toHexString();
  }
  return { params, ...(operation.method === 'GET' ? {} : { json: {} }) };
}

describe('every operation of the OpenAPI document, asked by a signed-in caller', () => {
  const credentials = [
    ['the session cookie', (actor: Actor) => actor.session],
    ['a bearer token', (actor: Actor) => actor.headers],
  ] as const;

  it.each(credentials)('answers private, no-store with %s', async (_, credential) => {
    const wrong: string[] = [];
    for (const operation of operations) {
      const key = ops.operationKey(operation);
      // Signing out everywhere ends the caller's sign-in: a caller of its own.
      const who = key === 'DELETE /api/sessions' ? await users.createActor('user') : buyer;
      const answer = await call(operation, {
        ...requestFor(operation, who),
        headers: credential(who),
      });
      const header = answer.headers.get('cache-control');
      if (SAME_FOR_EVERYONE.includes(key)) {
        // The same answer as a guest's, caching and all.
        const guest = await call(operation, requestFor(operation, who));
        expect([key, answer.status, header]).toEqual([
          key,
          guest.status,
          guest.headers.get('cache-control'),
        ]);
        continue;
      }
      if (header !== PRIVATE) wrong.push(`${key} → ${answer.status}: ${header ?? '(none)'}`);
    }
    expect(wrong).toEqual([]);
  });

  it('declares the same answer for everyone on the chosen public operations only', () => {
    const declared = operations
      .filter((operation) => operation.contract.sameForEveryone)
      .map(ops.operationKey);
    expect(declared.sort()).toEqual([...SAME_FOR_EVERYONE].sort());
    for (const operation of operations.filter((listed) => listed.contract.sameForEveryone)) {
      expect(operation.access).toBe('public');
    }
  });
});

describe('an /api path without a handler', () => {
  it('answers its 404 privately to a caller with a credential', async () => {
    const { GET } = await import('@/app/api/[...path]/route');
    for (const [headers, expected] of [
      [buyer.session, PRIVATE],
      [buyer.headers, PRIVATE],
      [{}, null],
    ] as const) {
      const answer = await ops.readAnswer(
        GET(new Request(`${ops.API_ORIGIN}/api/no-such-thing`, { headers })),
      );
      expect(answer.status).toBe(404);
      expect(answer.headers.get('cache-control')).toBe(expected);
    }
  });
});

describe('the answers found cached, each a success', () => {
  let member: Actor;

  beforeAll(async () => {
    const owner = await users.createActor('user', 'Olive Owner');
    await factories.verifyEmail(owner.user);
    member = { ...owner, user: (await findUserById(owner.user.id))! };
    const company = await companies.createCompanyFor(member.user, {
      name: 'Private Works Ltd',
      taxId: null,
      billingAddress: '12 Mill Road, Sheffield',
    });
    const companyId = new ObjectId(company._id);
    // A contract price for the product on the company's list.
    const list = await call(
      { method: 'POST', path: '/api/admin/price-lists' },
      { headers: admin.session, json: { name: 'Private list', percentOff: 10 } },
    );
    expect(list.status, list.text).toBe(201);
    const assigned = await call(
      { method: 'PATCH', path: '/api/admin/companies/{companyId}' },
      {
        headers: admin.session,
        params: { companyId: companyId.toHexString() },
        json: { priceListId: (list.json as { _id: string })._id },
      },
    );
    expect(assigned.status, assigned.text).toBe(200);
    // The owner buys too: the order list is theirs.
    await cart.setCartQuantity(member.user, parseId(product._id)!, 500);
    await companyFixtures.openInvoiceOf(admin.user, companyId.toHexString(), member.user, product);
  });

  it.each([
    ['GET', '/api/cart', {}],
    ['PUT', '/api/cart/lines/{productId}', { json: { quantity: 600 } }],
    ['GET', '/api/companies/me', {}],
    ['GET', '/api/invoices', {}],
    ['GET', '/api/account/statement', { query: 'from=2026-01-01' }],
  ] as const)('%s %s', async (method, path, request) => {
    for (const credential of [member.session, member.headers]) {
      const answer = await call(
        { method, path },
        { params: { productId: product._id }, ...request, headers: credential },
      );
      expect(answer.status, answer.text).toBe(200);
      expect(answer.contentType).toContain('application/json');
      expect(answer.headers.get('cache-control')).toBe(PRIVATE);
    }
  });

  it('the order list carries the contract price it is kept private for', async () => {
    const answer = await call({ method: 'GET', path: '/api/cart' }, { headers: member.session });
    expect(JSON.stringify(answer.json)).toMatch(/"contract:[0-9a-f]{24}"/);
  });
});

describe('what keeps its caching', () => {
  it('a public read asked anonymously is left as its handler answered it', async () => {
    const catalogue = await call({ method: 'GET', path: '/api/product' }, { query: 'limit=5' });
    expect(catalogue.status).toBe(200);
    expect(catalogue.headers.get('cache-control')).toBeNull();
    const refused = await call(
      { method: 'GET', path: '/api/product/{productId}' },
      { params: { productId: new ObjectId().toHexString() } },
    );
    expect(refused.status).toBe(404);
    expect(refused.headers.get('cache-control')).toBeNull();
    const signedIn = await call(
      { method: 'GET', path: '/api/product' },
      { query: 'limit=5', headers: buyer.session },
    );
    expect(signedIn.headers.get('cache-control')).toBe(PRIVATE);
  });

  it('an image by its id is cached a year, whoever asks', async () => {
    for (const headers of [{}, buyer.session, buyer.headers]) {
      const answer = await call(
        { method: 'GET', path: '/api/images/{imageId}' },
        { params: { imageId }, headers },
      );
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe(IMAGE_CACHE_CONTROL);
    }
  });
});
