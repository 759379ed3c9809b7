import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { printedRecords } from '../support/log-lines';

// `npm run worker` (scripts/worker.ts) prints through the store's logger, as the servers do:
// with its stdout a pipe (a container's log), every line is one JSON object with `time` (ISO
// 8601), `level` and `msg`, from its start to the end of its shutdown.

const root = path.resolve(import.meta.dirname, '../..');

describe('the worker’s output', () => {
  it('is one JSON object per line, from "running" to the end of a SIGTERM', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'info' };
    delete env.LOG_FORMAT;
    const child = spawn(
      process.execPath,
      [
        path.join(root, 'node_modules/tsx/dist/cli.mjs'),
        '--require',
        path.join(root, 'scripts/lib/server-modules-hook.cjs'),
        path.join(root, 'scripts/worker.ts'),
      ],
      { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start:\n${stdout}${stderr}`)), 60_000);
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
        if (stdout.includes('on their schedules')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', () => reject(new Error(`exited:\n${stdout}${stderr}`)));
    });
    child.kill('SIGTERM');
    expect(await exited).toBe(143);

    const records = printedRecords(stdout);
    expect(records.map((record) => record.msg)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\[worker\] running .+ on their schedules$/),
        '[worker] SIGTERM: finishing the runs in progress',
      ]),
    );
  }, 90_000);
});
