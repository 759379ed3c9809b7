// The framework's floor for `npm run bench`: an empty Next.js App Router page (one heading, one
// paragraph, no client component, no stylesheet), built with the store's own `next` and served by
// the store's own server (scripts/serve.mjs --dir), so that every figure of the store's pages can
// be read against what the framework itself costs on this machine, in the same run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { nextBin, serveScript } from './build.mjs';
import { projectRoot } from './project-env.mjs';

/** Where the floor app is written and built (inside the project, so it resolves `next` and React from its node_modules). */
export const floorDir = path.join(projectRoot, '.bench/floor');

const files = {
  'package.json': `${JSON.stringify({ name: 'framework-floor', private: true, type: 'module' }, null, 2)}\n`,
  'next.config.mjs': `// The floor: Next.js's defaults, with the tracing root at the store's (one lockfile).
export default {
  outputFileTracingRoot: ${JSON.stringify(projectRoot)},
  turbopack: { root: ${JSON.stringify(projectRoot)} },
};
`,
  'app/layout.jsx': `export const metadata = { title: 'Floor', description: 'An empty Next.js page.' };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`,
  'app/page.jsx': `export default function Page() {
  return (
    <main>
      <h1>The framework's floor</h1>
      <p>An empty Next.js App Router page: one heading, one paragraph, no client component.</p>
    </main>
  );
}
`,
};

/** Writes the floor app (afresh) and builds it with the store's `next`; resolves with the exit code. */
export function buildFloor(env) {
  fs.rmSync(floorDir, { recursive: true, force: true });
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(floorDir, name)), { recursive: true });
    fs.writeFileSync(path.join(floorDir, name), text);
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [nextBin, 'build', floorDir], {
      cwd: projectRoot,
      env: { ...env, NEXT_DIST_DIR: '' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Starts the store's server (scripts/serve.mjs) on the floor app; returns the child process. */
export function serveFloor(env, port, log) {
  return spawn(
    process.execPath,
    [serveScript, '--dir', floorDir, '-H', '127.0.0.1', '-p', String(port), '--skip-build-check'],
    { cwd: projectRoot, env: { ...env, NEXT_DIST_DIR: '' }, stdio: ['ignore', log, log] },
  );
}
