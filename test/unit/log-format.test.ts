import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { prettyLogs } from '@/lib/core/log-options.mjs';

// The form of the store's log lines (lib/core/log-options.mjs): one JSON object per line for a
// pipe or a file (a container's log, a collector), readable lines on a terminal or with
// LOG_FORMAT=pretty.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/** What a process writing one warning through the store's logger prints on stdout (a pipe). */
async function printed(environment: Record<string, string>): Promise<string> {
  const script = `
    import { storeLogger } from './lib/core/log-options.mjs';
    storeLogger({ component: 'cache' }).warn({ keyPrefix: 'storefront:abc:' }, 'redis: connection error');
  `;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'info',
    ...environment,
  };
  if (!('LOG_FORMAT' in environment)) delete env.LOG_FORMAT;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
    cwd: root,
    env,
  });
  return stdout;
}

describe('the form of log lines', () => {
  it('is readable with LOG_FORMAT=pretty or on a terminal, JSON otherwise', () => {
    expect(prettyLogs({ LOG_FORMAT: 'pretty' }, false)).toBe(true);
    expect(prettyLogs({ LOG_FORMAT: ' Pretty ' }, false)).toBe(true);
    expect(prettyLogs({ LOG_FORMAT: 'json' }, true)).toBe(false);
    expect(prettyLogs({}, true)).toBe(true);
    expect(prettyLogs({}, false)).toBe(false);
    expect(prettyLogs({}, undefined)).toBe(false);
  });

  it('through a pipe: one JSON object per line with time (ISO 8601), level and msg', async () => {
    const lines = (await printed({})).split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    const record = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(record).toMatchObject({
      level: 'warn',
      msg: 'redis: connection error',
      component: 'cache',
      keyPrefix: 'storefront:abc:',
    });
    expect(record.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('with LOG_FORMAT=pretty: a line for a person, with the level, the message and the fields', async () => {
    const output = await printed({ LOG_FORMAT: 'pretty' });
    expect(output).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] WARN: redis: connection error\n/);
    expect(output).toContain('keyPrefix: "storefront:abc:"');
    expect(() => JSON.parse(output.split('\n')[0]!)).toThrow();
  });

  it("once the server's console goes through the log: its errors too are JSON lines on stdout", async () => {
    const script = `
      import { consoleThroughLog, storeLogger } from './lib/core/log-options.mjs';
      consoleThroughLog(storeLogger());
      console.log('\\x1b[32m✓\\x1b[39m Ready in %dms', 120);
      console.error(' ⨯ Error: render failed', { digest: '42' });
      console.warn('a warning');
    `;
    const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'info' };
    delete env.LOG_FORMAT;
    const { stdout, stderr } = await run(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      env,
    });
    expect(stderr).toBe('');
    const records = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.map(({ level, msg }) => ({ level, msg }))).toEqual([
      { level: 'info', msg: '✓ Ready in 120ms' },
      { level: 'error', msg: "⨯ Error: render failed { digest: '42' }" },
      { level: 'warn', msg: 'a warning' },
    ]);
    for (const record of records) expect(record.time).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});
