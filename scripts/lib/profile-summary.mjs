// Where a server's CPU time went, from a V8 CPU profile (`node --cpu-prof`, written by
// `BENCH_PROFILE=1 npm run bench`): self time grouped by package, and the heaviest functions.

/**
 * The group a function's source belongs to: its npm package, the server bundle of the build
 * (the store's code and what Next.js bundled with it), Node.js's own code, or V8's entries
 * (garbage collector, program).
 *
 * @param {string} url
 * @param {string} functionName
 */
function groupOf(url, functionName) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native code)';
  if (url.startsWith('node:')) return 'Node.js internals';
  const modules = url.lastIndexOf('/node_modules/');
  if (modules !== -1) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    const name = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    if (name === 'next') {
      const compiled = /\/next\/dist\/compiled\/([^/]+)/.exec(url);
      return compiled ? `next (compiled ${compiled[1]})` : 'next';
    }
    return name;
  }
  if (/\/\.next[^/]*\/server\//.test(url)) return 'server bundle (the store, as built)';
  if (url.includes('/scripts/')) return 'the store\u2019s server (scripts/)';
  return url;
}

/**
 * @param {{ nodes: { id: number, callFrame: { functionName: string, url: string, lineNumber: number } }[], samples: number[], timeDeltas: number[] }} profile
 * @returns {{ totalMs: number, idleMs: number, groups: { name: string, ms: number, share: number }[], functions: { name: string, ms: number, share: number }[] }}
 */
export function summariseProfile(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map();
  profile.samples.forEach((id, index) => {
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const groups = new Map();
  const functions = new Map();
  let idle = 0;
  let total = 0;
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    if (functionName === '(idle)') {
      idle += us;
      continue;
    }
    total += us;
    const group = groupOf(url, functionName);
    groups.set(group, (groups.get(group) ?? 0) + us);
    const where = url
      ? `${url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\//, '')}:${lineNumber + 1}`
      : '';
    const name = `${functionName || '(anonymous)'} ${where}`.trim();
    functions.set(name, (functions.get(name) ?? 0) + us);
  }
  const rank = (map) =>
    [...map]
      .map(([name, us]) => ({ name, ms: us / 1000, share: (100 * us) / (total || 1) }))
      .sort((a, b) => b.ms - a.ms);
  return {
    totalMs: total / 1000,
    idleMs: idle / 1000,
    groups: rank(groups),
    functions: rank(functions),
  };
}
