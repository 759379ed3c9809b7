import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const scriptsDir = path.join(projectRoot, 'scripts/embedded-mongo');
export const serverScript = path.join(scriptsDir, 'server.mjs');
export const launcherModule = path.join(scriptsDir, 'launcher.mjs');

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `storefront-${prefix}-`));
}

/** Whether the process exists; an exited child not yet reaped by its parent counts as gone. */
export { isAlive } from '../../scripts/embedded-mongo/state.mjs';

export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

/** Pids of server processes whose command line names this data directory. */
export function serverPidsFor(dataDir: string): number[] {
  try {
    const out = execFileSync('pgrep', ['-f', `embedded-mongo/server.mjs --data-dir ${dataDir}`], {
      encoding: 'utf8',
    });
    return out.split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Runs a Node ES module snippet in a separate process and resolves with its stdout. */
export function runNode(
  source: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', source], {
      cwd: projectRoot,
      env,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
