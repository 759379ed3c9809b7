import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The import graph of lib/ (every import, export-from and dynamic import(), type-only ones
 * included) has no circle, and the kernel (lib/core, lib/security, lib/client, lib/public-env.ts,
 * lib/public-pages.mjs) imports no feature and not the HTTP edge (lib/api). The walls between
 * folders are lint rules (eslint.config.mjs); this is the whole-graph check lint cannot make.
 */

const root = path.resolve(import.meta.dirname, '../..');
const lib = path.join(root, 'lib');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(root, specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null;
  const candidates = [
    base,
    ...['.ts', '.tsx', '.mts', '.mjs'].map((ext) => base + ext),
    ...['index.ts', 'index.tsx'].map((name) => path.join(base, name)),
  ];
  return candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile()) ?? null;
}

const importPattern =
  /(?:^|[^\w.])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Each file of lib/ with the files of lib/ it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(lib)) {
    const source = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    const targets = new Set<string>();
    for (const match of source.matchAll(importPattern)) {
      const target = resolve(file, (match[1] ?? match[2])!);
      if (target && target.startsWith(lib + path.sep)) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** The strongly connected components with more than one file, or a file importing itself. */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component);
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found.map((component) => component.map((file) => path.relative(root, file)).sort());
}

const kernel = (file: string) =>
  /^lib\/(core|security|client)\//.test(file) || /^lib\/public-(env\.ts|pages\.mjs)$/.test(file);
const features = [
  'catalogue',
  'orders',
  'quotes',
  'accounts',
  'reviews',
  'invoices',
  'images',
  'contact',
];
const featureOf = (file: string) => features.find((name) => file.startsWith(`lib/${name}/`));

describe('the import graph of lib/', () => {
  const graph = importGraph();

  it('reads the files of lib/', () => {
    expect(graph.size).toBeGreaterThan(100);
  });

  it('has no circle', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('has no file of the kernel importing a feature or the HTTP edge', () => {
    const wrong = [...graph].flatMap(([file, targets]) => {
      const from = path.relative(root, file);
      if (!kernel(from)) return [];
      return targets
        .map((target) => path.relative(root, target))
        .filter((to) => featureOf(to) || to.startsWith('lib/api/'))
        .map((to) => `${from} -> ${to}`);
    });
    expect(wrong).toEqual([]);
  });

  it('has no circle between features', () => {
    const between = new Map<string, string[]>();
    for (const [file, targets] of graph) {
      const from = featureOf(path.relative(root, file));
      if (!from) continue;
      const edges = between.get(from) ?? [];
      for (const target of targets) {
        const to = featureOf(path.relative(root, target));
        if (to && to !== from && !edges.includes(to)) edges.push(to);
      }
      between.set(from, edges);
    }
    expect(
      circles(
        new Map(
          [...between].map(([k, v]) => [path.join(root, k), v.map((x) => path.join(root, x))]),
        ),
      ),
    ).toEqual([]);
  });
});
