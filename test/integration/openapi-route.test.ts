import { afterAll, describe, expect, it } from 'vitest';
import { closeConnection } from '@/lib/core/db';
import { GET as openApiRoute } from '@/app/api/openapi.json/route';
import { GET as docsRoute } from '@/app/api/docs/route';
import { GET as scalarRoute } from '@/app/api/docs/scalar.js/route';
import { POST as contactRoute } from '@/app/api/contact/route';
import { GET as productRoute } from '@/app/api/product/[productId]/route';
import { openApiDocument } from '@/lib/api/contract/document';
import { params, request } from '../support/users';

afterAll(closeConnection);

const noParams = params({}) as never;

/** The example the document gives for a status of an operation. */
function documentedExample(path: string, method: 'get' | 'post', status: number, name: string) {
  const media =
    openApiDocument().paths![path]![method]!.responses![String(status)].content![
      'application/json'
    ];
  return (media.examples?.[name] as { value: unknown } | undefined)?.value;
}

describe('GET /api/openapi.json', () => {
  it('answers the OpenAPI 3.1 document as JSON', async () => {
    const response = await openApiRoute(request('/api/openapi.json'), noParams);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const document = await response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toMatch(/ API$/);
    expect(Object.keys(document.paths)).toContain('/api/product/{productId}');
    expect(document.paths['/api/order']).toHaveProperty('post');
  });
});

describe("the document's error examples are the server's answers", () => {
  it('POST /api/contact with an empty body', async () => {
    const response = await contactRoute(
      request('/api/contact', { method: 'POST', json: {} }),
      noParams,
    );
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual(
      documentedExample('/api/contact', 'post', 422, 'validation_failed.name'),
    );
  });

  it('GET /api/product/{productId} with a malformed and an unknown id', async () => {
    const malformed = await productRoute(
      request('/api/product/not-an-id'),
      params({ productId: 'not-an-id' }),
    );
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual(
      documentedExample('/api/product/{productId}', 'get', 400, 'request.invalid_id'),
    );
    const id = '0123456789abcdef01234567';
    const unknown = await productRoute(request(`/api/product/${id}`), params({ productId: id }));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual(
      documentedExample('/api/product/{productId}', 'get', 404, 'product.not_found'),
    );
  });
});

describe('GET /api/docs', () => {
  it('answers a page that loads only scripts of this origin', async () => {
    const response = await docsRoute(request('/api/docs'), noParams);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await response.text();
    const sources = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map(([, src]) => src);
    expect(sources).toEqual([
      expect.stringMatching(/^\/api\/docs\/scalar\.js\?v=\d+\.\d+\.\d+-[0-9a-f]{12}$/),
    ]);
    expect(html).toContain('data-url="/api/openapi.json"');
    expect(html).not.toMatch(/https?:\/\//);
    // The configuration turns off Scalar's web fonts (fonts.scalar.com) and its services.
    const configuration = /data-configuration="([^"]*)"/.exec(html)?.[1]?.replaceAll('&quot;', '"');
    expect(JSON.parse(configuration ?? '{}')).toMatchObject({
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
      mcp: { disabled: true },
    });
  });

  it('serves the script from this origin, without a source map reference', async () => {
    const response = await scalarRoute(request('/api/docs/scalar.js'), noParams);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const script = await response.text();
    expect(script).toContain('createApiReference');
    // zod inside the bundle skips its eval probe, which a strict policy would report.
    expect(script.split('\n', 1)[0]).toContain('jitless: true');
    expect(script).not.toContain('sourceMappingURL');
  });
});
