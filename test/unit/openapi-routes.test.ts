import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { contract } from '@/lib/api/contract';
import { openApiDocument } from '@/lib/api/contract/document';
import { methods, type OperationContract } from '@/lib/api/contract/operation';

/**
 * The document lists exactly the route handlers of app/api: a handler without its declaration
 * in lib/api/contract, or a declaration without its handler, fails here. Each route file's HTTP
 * methods are read from its exports (`export const GET`, `export function POST`,
 * `export { notFound as GET }`), its path from its folders: `[productId]` is `{productId}`,
 * route groups `(name)` do not count, and a catch-all `[...name]` serves every path below it.
 */

const root = path.resolve(import.meta.dirname, '../..');
const apiDir = path.join(root, 'app', 'api');

/**
 * Route files the document does not list, and why. Nothing else may be missing.
 * - app/api/[...path]: the JSON 404 of any /api path without a handler (the document says so).
 */
const notListed = new Map([['app/api/[...path]/route.ts', 'the JSON 404 for unknown /api paths']]);

const httpMethods = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

interface RouteFile {
  /** Relative to the project: app/api/product/[productId]/route.ts. */
  file: string;
  /** The OpenAPI path, or for a catch-all the prefix it serves (`/api/auth/`). */
  path: string;
  catchAll: boolean;
  methods: Set<string>;
  source: string;
}

function findRouteFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return findRouteFiles(full);
    return /^route\.(ts|tsx|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** The HTTP methods a route module exports. */
function exportedMethods(source: string): Set<string> {
  const found = new Set<string>();
  const declared = /export\s+(?:const|let|var|(?:async\s+)?function)\s+([A-Z]+)\b/g;
  for (const [, name] of source.matchAll(declared)) found.add(name!);
  for (const [, list] of source.matchAll(/export\s*\{([^}]*)\}/g)) {
    for (const item of list!.split(',')) {
      const name = item
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) found.add(name);
    }
  }
  return new Set([...found].filter((name) => (httpMethods as readonly string[]).includes(name)));
}

function routeFile(full: string): RouteFile {
  const file = path.relative(root, full).split(path.sep).join('/');
  const segments = path
    .relative(path.join(root, 'app'), path.dirname(full))
    .split(path.sep)
    .filter((segment) => !/^\(.*\)$/.test(segment));
  const catchAll = segments.some((segment) => /^\[\[?\.\.\./.test(segment));
  const open = catchAll ? segments.findIndex((segment) => /^\[\[?\.\.\./.test(segment)) : -1;
  const kept = catchAll ? segments.slice(0, open) : segments;
  const converted = kept.map((segment) => segment.replace(/^\[(\w+)\]$/, '{$1}'));
  const source = readFileSync(full, 'utf8');
  return {
    file,
    path: `/${converted.join('/')}${catchAll ? '/' : ''}`,
    catchAll,
    methods: exportedMethods(source),
    source,
  };
}

const routes = findRouteFiles(apiDir)
  .map(routeFile)
  .filter((route) => !notListed.has(route.file));
const document = openApiDocument();
const documented = Object.entries(document.paths ?? {}).flatMap(([documentPath, item]) =>
  methods.filter((method) => item[method]).map((method) => ({ path: documentPath, method })),
);

/** The route file that answers a documented path: the exact one, else the catch-all above it. */
function handlerOf(documentPath: string): RouteFile | undefined {
  return (
    routes.find((route) => !route.catchAll && route.path === documentPath) ??
    routes.find((route) => route.catchAll && documentPath.startsWith(route.path))
  );
}

describe('the OpenAPI document and the route handlers of app/api', () => {
  it('finds the route files and their methods', () => {
    expect(routes.length).toBeGreaterThan(20);
    const product = routes.find((route) => route.file === 'app/api/product/[productId]/route.ts');
    expect(product?.path).toBe('/api/product/{productId}');
    expect([...(product?.methods ?? [])].sort()).toEqual(['DELETE', 'GET', 'PATCH']);
    const auth = routes.find((route) => route.file === 'app/api/auth/[...nextauth]/route.ts');
    expect(auth).toMatchObject({ path: '/api/auth/', catchAll: true });
    expect(exportedMethods('export { notFound as GET, notFound as POST };')).toEqual(
      new Set(['GET', 'POST']),
    );
    expect(
      exportedMethods("export const dynamic = 'force-static';\nexport function GET() {}"),
    ).toEqual(new Set(['GET']));
  });

  it('documents every method of every route handler', () => {
    const undocumented: string[] = [];
    for (const route of routes) {
      for (const method of route.methods) {
        const lower = method.toLowerCase();
        const listed = route.catchAll
          ? documented.some(
              (operation) => operation.method === lower && operation.path.startsWith(route.path),
            )
          : documented.some(
              (operation) => operation.method === lower && operation.path === route.path,
            );
        if (!listed) undocumented.push(`${method} ${route.path} (${route.file})`);
      }
    }
    expect(undocumented).toEqual([]);
  });

  it('has a route handler for every operation it documents', () => {
    const withoutHandler = documented
      .filter(
        (operation) => !handlerOf(operation.path)?.methods.has(operation.method.toUpperCase()),
      )
      .map((operation) => `${operation.method.toUpperCase()} ${operation.path}`);
    expect(withoutHandler).toEqual([]);
  });
});

/**
 * The schemas the document shows are the ones the handlers parse with: each request schema of
 * a declaration is a named export of a feature's validation/ folder (or lib/core/validation)
 * or of lib/api/contract, and the route file
 * that answers the operation uses that name.
 */
describe('request schemas', () => {
  const exportName = new Map<unknown, string>();
  beforeAll(async () => {
    const folders = [
      'lib/core/validation',
      'lib/accounts/validation',
      'lib/catalogue/validation',
      'lib/contact/validation',
      'lib/orders/validation',
      'lib/quotes/validation',
      'lib/reviews/validation',
      'lib/api/contract',
    ];
    for (const folder of folders) {
      for (const file of readdirSync(path.join(root, folder)).filter((name) =>
        name.endsWith('.ts'),
      )) {
        const namespace = (await import(
          /* @vite-ignore */ path.join(root, folder, file)
        )) as Record<string, unknown>;
        for (const [name, value] of Object.entries(namespace)) {
          if (!exportName.has(value)) exportName.set(value, name);
        }
      }
    }
  });

  /** The request schemas a handler of ours parses with (Auth.js's and raw bodies are not ours). */
  function parsedSchemas(operation: OperationContract): z.ZodType[] {
    if (operation.handledBy) return [];
    return [
      operation.params?.query,
      operation.body?.json,
      operation.body?.multipart?.fields,
    ].filter((schema): schema is z.ZodObject => schema !== undefined);
  }

  it.each(
    contract
      .filter((operation) => parsedSchemas(operation).length > 0)
      .map(
        (operation) => [`${operation.method.toUpperCase()} ${operation.path}`, operation] as const,
      ),
  )('%s parses with the schemas the document shows', (_, operation) => {
    const route = handlerOf(operation.path);
    expect(route, 'route file').toBeDefined();
    for (const schema of parsedSchemas(operation)) {
      const name = exportName.get(schema);
      expect(name, 'the schema is a named export').toBeDefined();
      expect(route!.source).toMatch(new RegExp(`\\b${name}\\b`));
    }
  });
});
