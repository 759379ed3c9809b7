import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '@/lib/api/contract/document';
import { methods, type OperationContract } from '@/lib/core/api/operation';

/**
 * The document lists exactly the route handlers of app/api: a handler without its declaration
 * (lib/<feature>/api.ts, or lib/api/contract for the service's own), or a declaration without
 * its handler, fails here. Each route file's HTTP
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
 * Each handler is built by `handle(operation, fn)` (lib/api/handle.ts) from the declaration
 * the document lists for its method and path, so what the document says about a route
 * (access, parameters, body, answers) is what the handler enforces.
 */
describe('each handler is built from its own declaration', () => {
  const operations = new Map<string, OperationContract>();
  const contractDir = path.join(root, 'lib', 'api', 'contract');
  const libDir = path.join(root, 'lib');
  /** Where declarations live: each feature's API face, and the edge's own (system.ts). */
  const declarationFiles = [
    ...readdirSync(libDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(libDir, entry.name, 'api.ts'))
      .filter((file) => existsSync(file)),
    ...readdirSync(contractDir)
      .filter((name) => name.endsWith('.ts'))
      .map((name) => path.join(contractDir, name)),
  ];
  beforeAll(async () => {
    for (const file of declarationFiles) {
      const namespace = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(namespace)) {
        if (value && typeof value === 'object' && 'operationId' in value) {
          operations.set(name, value as OperationContract);
        }
      }
    }
  });

  it.each(routes.filter((route) => !route.catchAll).map((route) => [route.file, route] as const))(
    '%s',
    (_, route) => {
      for (const method of route.methods) {
        const built = new RegExp(`export\\s+const\\s+${method}\\s*=\\s*handle\\(\\s*(\\w+)`).exec(
          route.source,
        );
        expect(built, `${method} is built with handle()`).not.toBeNull();
        const operation = operations.get(built![1]!);
        expect(
          operation,
          `${built![1]} is a declaration of lib/<feature>/api.ts or lib/api/contract`,
        ).toBeDefined();
        expect({ method: operation!.method, path: operation!.path }).toEqual({
          method: method.toLowerCase(),
          path: route.path,
        });
      }
    },
  );
});
