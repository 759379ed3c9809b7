import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

// Running the store's commands as an operator does, for the tests of its entry points
// (production profile, listen check, scripts).

export const projectRoot = path.resolve(import.meta.dirname, '../..');

/** What a command printed, and its exit code (0, or the code it failed with). */
export type CommandResult = { code: number | undefined; stdout: string; stderr: string };

/** The test process's own configuration, none of which a command under test may see. */
export const UNCONFIGURED: Record<string, string> = {
  MONGODB_URI: '',
  AUTH_SECRET: '',
  AUTH_URL: '',
  SMTP_URL: '',
  VERCEL: '',
  LOCAL_DEMO: '',
  EMBEDDED_DB_IN_PRODUCTION: '',
  NEXT_TELEMETRY_DISABLED: '1',
};

/** Runs `file args` in the project with the test's environment plus `env`; never throws. */
export function runCommand(
  file: string,
  args: string[],
  env: Record<string, string | undefined>,
  timeout = 60_000,
): Promise<CommandResult> {
  return promisify(execFile)(file, args, {
    cwd: projectRoot,
    env: { ...process.env, ...env },
    timeout,
    maxBuffer: 64 * 1024 * 1024,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: error.code,
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? '',
    }),
  );
}

/** The variables a production profile message names as missing or wrong, in its order. */
export function namedVariables(message: string | null): string[] {
  return [...(message ?? '').matchAll(/^ {2}- ([A-Z_]+)[ =]/gm)].map((match) => match[1]!);
}

/** Whether anything accepts a connection on 127.0.0.1:port. */
export { listening } from '@/scripts/lib/cluster.mjs';
