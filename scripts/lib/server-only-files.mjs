// Used by eslint.config.mjs (the wall "components-no-server-only").
// The files of lib/ that must never reach a browser bundle: each file that imports 'server-only',
// and each file that imports one of them (values, not types), transitively.
import fs from 'node:fs';
import path from 'node:path';

export function serverOnlyFiles(root) {
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx|mts|mjs)$/.test(entry.name)) files.push(full);
    }
  };
  walk(path.join(root, 'lib'));
  const resolve = (from, spec) => {
    let base;
    if (spec.startsWith('@/')) base = path.join(root, spec.slice(2));
    else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
    else return null;
    for (const c of [
      base,
      `${base}.ts`,
      `${base}.tsx`,
      `${base}.mjs`,
      path.join(base, 'index.ts'),
    ]) {
      if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
    }
    return null;
  };
  const pattern =
    /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)/g;
  const importers = new Map(); // target -> files that import it as a value
  const marked = new Set();
  for (const file of files) {
    const source = fs.readFileSync(file, 'utf8');
    if (/^\s*import\s+['"]server-only['"]/m.test(source)) marked.add(file);
    for (const match of source.matchAll(pattern)) {
      if (match[2]) continue; // `import type` / `export type`: erased
      const target = resolve(file, match[3] ?? match[4]);
      if (!target) continue;
      if (!importers.has(target)) importers.set(target, new Set());
      importers.get(target).add(file);
    }
  }
  const queue = [...marked];
  while (queue.length) {
    const file = queue.pop();
    for (const importer of importers.get(file) ?? []) {
      if (!marked.has(importer)) {
        marked.add(importer);
        queue.push(importer);
      }
    }
  }
  return [...marked].map((file) => path.relative(root, file).split(path.sep).join('/')).sort();
}
