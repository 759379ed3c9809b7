import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The reference page's script: the standalone browser bundle of @scalar/api-reference, served
 * from our own origin (its usual <script> loads it from a CDN). Read from node_modules by the
 * routes, which are pre-rendered at build time, so a deployment serves it from the build
 * output and never reads node_modules at run time.
 */
const packageDir = path.join(process.cwd(), 'node_modules', '@scalar', 'api-reference');

/** The bundle's version, which its URL carries so that a new version is fetched anew. */
export function scalarVersion(): string {
  const manifest = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

/**
 * The bundle holds zod, which probes once whether it may compile code (`Function('')` in a
 * try/catch); under a Content-Security-Policy without 'unsafe-eval' the probe fails as intended
 * but the browser reports a violation. Zod's own setting for such pages, `jitless` (what
 * `z.config({ jitless: true })` sets, kept on `globalThis.__zod_globalConfig`), skips the probe;
 * it is set before the bundle runs.
 */
const zodJitless =
  'globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });\n';

/** The bundle, without its source map comment (the map is not served). */
export function scalarBundle(): string {
  const source = readFileSync(path.join(packageDir, 'dist', 'browser', 'standalone.js'), 'utf8');
  return zodJitless + source.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
}
