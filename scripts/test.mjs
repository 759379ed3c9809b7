#!/usr/bin/env node
// `npm test`: the whole suite. `npm run lint` first (the walls between folders are lint rules,
// so CI enforces them), then Vitest (unit tests, and integration tests against a real MongoDB
// engine), then Playwright end-to-end tests in Chromium against a production build. Prints one
// summary line, "N passed, N failed", and exits non-zero if anything failed (a lint failure
// counts as a failed run).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromiumPath } from './lib/chromium.mjs';
import { projectRoot } from './lib/project-env.mjs';

process.env.NEXT_TELEMETRY_DISABLED = '1';
const only = process.argv[2]; // 'unit' or 'e2e' runs one half
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-test-report-'));

/** CHROME_PATH, else the system Chromium, else Playwright's own (downloaded if possible). */
function findChromium() {
  const found = chromiumPath();
  if (found) return found;
  console.log("No system Chromium found; installing Playwright's own Chromium…");
  const result = spawnSync(
    process.execPath,
    [path.join(projectRoot, 'node_modules/@playwright/test/cli.js'), 'install', 'chromium'],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) {
    console.error(
      'Could not install a Chromium. Install one (e.g. apt-get install chromium) or set CHROME_PATH.',
    );
    process.exit(1);
  }
  return undefined;
}

function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: projectRoot,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };
/** How long each part took, printed with the summary (the suite is kept under 15 minutes). */
const timings = [];
async function timed(label, work) {
  const started = Date.now();
  const result = await work();
  timings.push(`${label} ${Math.round((Date.now() - started) / 1000)} s`);
  return result;
}
let failedRun = false;

if (only !== 'e2e') {
  const code = await timed('lint', () => run('npm', ['run', 'lint']));
  if (code !== 0) {
    console.error(
      '\nnpm run lint failed: fix the errors above (the walls are in eslint.config.mjs).',
    );
    failedRun = true;
  }
}

if (only !== 'e2e') {
  const output = path.join(reportDir, 'vitest.json');
  const code = await timed('vitest', () =>
    run(process.execPath, [
      path.join(projectRoot, 'node_modules/vitest/vitest.mjs'),
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${output}`,
    ]),
  );
  const report = readJson(output);
  if (report) {
    totals.passed += report.numPassedTests;
    // A file that failed outside its tests (its set-up, an import) counts as one failure: its
    // tests show as skipped, not failed.
    const failedFiles = (report.testResults ?? []).filter(
      (file) =>
        file.status === 'failed' &&
        !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
    ).length;
    totals.failed += report.numFailedTests + failedFiles;
    totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  }
  if (code !== 0 || !report) failedRun = true;
}

if (only !== 'unit') {
  const chromium = findChromium();
  const output = path.join(reportDir, 'playwright.json');
  const code = await timed('playwright (build included)', () =>
    run(
      process.execPath,
      [
        path.join(projectRoot, 'node_modules/@playwright/test/cli.js'),
        'test',
        '--reporter=list,json',
      ],
      { PLAYWRIGHT_JSON_OUTPUT_NAME: output, ...(chromium ? { CHROME_PATH: chromium } : {}) },
    ),
  );
  const report = readJson(output);
  if (report?.stats) {
    totals.passed += report.stats.expected;
    totals.failed += report.stats.unexpected + report.stats.flaky;
    totals.skipped += report.stats.skipped;
  }
  if (code !== 0 || !report) failedRun = true;
}

fs.rmSync(reportDir, { recursive: true, force: true });
if (failedRun && totals.failed === 0) totals.failed = 1; // a runner crashed before reporting
console.log(`\n${timings.join(', ')}`);
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`,
);
process.exit(failedRun || totals.failed ? 1 : 0);
