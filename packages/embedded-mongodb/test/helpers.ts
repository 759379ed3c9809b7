import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package's own folder: Node resolves its dependencies (and its own name) from here. */
export const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverScript = path.join(packageRoot, 'src/server.mjs');

export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `storefront-${prefix}-`));
}

/** Whether the process exists; an exited child not yet reaped by its parent counts as gone. */
export { isAlive } from '@storefront/embedded-mongodb';

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
    const out = execFileSync('pgrep', ['-f', `${serverScript} --data-dir ${dataDir}`], {
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
      cwd: packageRoot,
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
