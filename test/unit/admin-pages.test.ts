import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adminPages } from '@/lib/accounts/access';

/**
 * Defence in depth for the admin pages: the proxy and the (admin) layout check the role, and so
 * does every page itself, before anything else it awaits (a layout is not rendered again on
 * client-side navigation, and a page moved out of the group would otherwise lose every check).
 * Read from the files: every page.tsx under app/dashboard/(admin), and every admin page the
 * sidebar lists, whatever is added later.
 */

const root = path.resolve(import.meta.dirname, '../..');
const adminGroup = path.join(root, 'app', 'dashboard', '(admin)');

function pageFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return pageFiles(full);
    return /^page\.(tsx|ts|jsx|js)$/.test(entry.name) ? [full] : [];
  });
}

/** The route a page file serves: route groups `(x)` are not part of the URL. */
function routeOf(file: string): string {
  const segments = path
    .relative(path.join(root, 'app'), path.dirname(file))
    .split(path.sep)
    .filter((segment) => !/^\(.*\)$/.test(segment));
  return `/${segments.join('/')}`;
}

/** The body of the page's default export, from its opening brace. */
function defaultExportBody(source: string): string | null {
  const match = /export\s+default\s+async\s+function\s+\w*\s*\([^)]*\)[^{]*\{/.exec(source);
  return match ? source.slice(match.index + match[0].length) : null;
}

const pages = pageFiles(adminGroup);

describe('every admin page checks the role itself', () => {
  it('finds the admin pages', () => {
    expect(pages.length).toBeGreaterThanOrEqual(4);
  });

  it.each(pages.map((file) => [path.relative(root, file), file] as const))(
    '%s awaits requirePageAdmin first, with its own path',
    (_, file) => {
      const source = fs.readFileSync(file, 'utf8');
      expect(source).toMatch(
        /import\s*\{[^}]*\brequirePageAdmin\b[^}]*\}\s*from\s*'@\/lib\/accounts'/,
      );
      const body = defaultExportBody(source);
      expect(body, 'an async default export').not.toBeNull();
      // The first thing the page awaits is the admin check: no data is read before it.
      const firstAwait = /await\s+([\w.]+)\s*\(([^)]*)\)/.exec(body!.replace(/\/\/.*$/gm, ''));
      expect(firstAwait?.[1]).toBe('requirePageAdmin');
      const argument = firstAwait![2]!.trim();
      const route = routeOf(file);
      if (argument.startsWith("'")) expect(argument).toBe(`'${route}'`);
      else expect(source).toContain(`const ${argument} = '${route}'`);
    },
  );

  it('every admin page of the sidebar (and of the proxy) is one of them', () => {
    const routes = new Set(pages.map(routeOf));
    for (const { href } of adminPages) expect(routes, href).toContain(href);
  });
});
