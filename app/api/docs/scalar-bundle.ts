import 'server-only';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The reference page's script: the standalone browser bundle of @scalar/api-reference, served
 * from our own origin (its usual <script> loads it from a CDN). Read from node_modules by the
 * routes, which are pre-rendered at build time, so a deployment serves it from the build
 * output and never reads node_modules at run time.
 */
const packageDir = path.join(process.cwd(), 'node_modules', '@scalar', 'api-reference');

/** The version of @scalar/api-reference installed. */
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

/**
 * Two accessibility repairs of the rendered reference that neither Scalar's configuration nor CSS
 * can make (the rest is the page's CSS, ../route.ts), run after the bundle (axe, WCAG 2.2 AA,
 * e2e/accessibility.spec.ts):
 *
 * - A tag's "Operations" card lists its operations in a list (`ul.endpoints`, named "<Tag>
 *   endpoints") that scrolls when it is taller than the screen allows, or wider on a phone, and
 *   holds nothing focusable (its rows are links without href): a keyboard could not scroll it.
 *   The list gets `tabindex="0"`, so it can be focused and scrolled with the arrow keys.
 * - A tag's "Show More" button is named "Show all <Tag> endpoints", which does not contain the
 *   words it shows (speech input users say what they see): its name becomes "Show More: Show
 *   all <Tag> endpoints".
 *
 * Scalar renders (and re-renders) the reference with Vue after the bundle runs, so one
 * MutationObserver applies both whenever the page changes; each only writes an attribute that is
 * missing or wrong, so its own writes end the loop. Serialised into the script as it is, so it
 * uses nothing from outside itself (and nothing a compiler would rewrite with a helper).
 */
function repairReferenceAccessibility(): void {
  const repair = () => {
    document.querySelectorAll('ul.endpoints[aria-label]:not([tabindex])').forEach((list) => {
      list.setAttribute('tabindex', '0');
    });
    document.querySelectorAll('button.show-more[aria-label]').forEach((button) => {
      const shown = (button.textContent ?? '').replace(/\s+/g, ' ').trim();
      const name = button.getAttribute('aria-label') ?? '';
      if (shown !== '' && !name.toLowerCase().includes(shown.toLowerCase())) {
        button.setAttribute('aria-label', `${shown}: ${name}`);
      }
    });
  };
  const start = () => {
    repair();
    new MutationObserver(repair).observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-label'],
    });
  };
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start);
}

const accessibilityRepairs = `\n;(${repairReferenceAccessibility.toString()})();\n`;

/**
 * The script as served: zod's setting, the bundle without its source map comment (the map is not
 * served), the accessibility repairs.
 */
export function scalarBundle(): string {
  const source = readFileSync(path.join(packageDir, 'dist', 'browser', 'standalone.js'), 'utf8');
  return (
    zodJitless + source.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n') + accessibilityRepairs
  );
}

/**
 * What the page's script URL carries (`?v=`): Scalar's version and a digest of the script as
 * served, so that a new Scalar or a change of our own part is fetched anew (the script is
 * cached for a year).
 */
export function scalarBundleVersion(): string {
  const digest = createHash('sha256').update(scalarBundle()).digest('hex').slice(0, 12);
  return `${scalarVersion()}-${digest}`;
}
