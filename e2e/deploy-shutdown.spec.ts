import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test } from './support/fixtures';
import { startRedis } from '../scripts/lib/cluster.mjs';
import { waitForUrl } from '../scripts/lib/wait.mjs';
import { APP_PORT, SMTP_PORT } from './stand-ins/ports.mjs';
import { printedRecords } from '../test/support/log-lines';
import { otlpCollector } from '../test/support/otlp';

/**
 * A deploy as an orchestrator makes it (issue 37): a production server of the end-to-end build
 * (scripts/serve.mjs, as the image runs it) with traces on and the shared cache on a real Redis,
 * its stdout a pipe as in a container. Every line it prints is one JSON object with `time`
 * (ISO 8601), `level` and `msg`: the "Ready" line, the local demo's notice, the shared cache's
 * lines and the request log alike. A request answered just before SIGTERM has its spans at the
 * collector when the process has exited: they are sent during the graceful shutdown.
 */

const PORT = APP_PORT + 50;
const REDIS_PORT = APP_PORT + 51;

test('a server behind a pipe prints only JSON lines, and the spans of its last request leave before it exits', async ({
  request,
}) => {
  test.setTimeout(120_000);
  const collector = await otlpCollector();
  const redis = await startRedis(REDIS_PORT);
  let child: ChildProcess | undefined;
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || '.next-e2e',
      MONGODB_URI: '',
      AUTH_URL: '',
      ADMIN_EMAILS: '',
      EMBEDDED_DB_IN_PRODUCTION: 'true',
      LOCAL_DEMO: 'true',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      TRUSTED_PROXY_HOPS: '1',
      JOB_RUNNER: 'off',
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: 'deploy-shutdown',
      LOG_LEVEL: 'info',
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'storefront-deploy-test',
      SHUTDOWN_TIMEOUT_MS: '10000',
    };
    delete env.LOG_FORMAT;
    const server = spawn(
      process.execPath,
      ['scripts/serve.mjs', '-H', '127.0.0.1', '-p', String(PORT), '--skip-build-check'],
      { cwd: process.cwd(), env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = server;
    let stdout = '';
    let stderr = '';
    server.stdout.on('data', (chunk) => (stdout += chunk));
    server.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    const origin = `http://127.0.0.1:${PORT}`;
    await waitForUrl(`${origin}/api/health/ready`, { timeoutMs: 90_000 });

    const answer = await request.get(`${origin}/api/product?limit=1`, {
      headers: { 'X-Request-Id': 'deploy-last-request' },
    });
    expect(answer.status()).toBe(200);
    // At once: a batch of spans is otherwise sent every few seconds.
    server.kill('SIGTERM');
    expect(await exited, `${stdout}\n${stderr}`).toBe(143);

    // The request's spans reached the collector before the process ended.
    const names = collector.received.map(({ span }) => span.name);
    expect(
      names.some((name) => name.includes('/api/product')),
      names.join(', '),
    ).toBe(true);

    // Every line on stdout is one JSON object in the store's format.
    const records = printedRecords(stdout);
    const messages = records.map((record) => record.msg);
    expect(messages).toContain(`Ready on ${origin}`);
    expect(messages.some((msg) => msg.startsWith('Local demo (LOCAL_DEMO=true)'))).toBe(true);
    expect(records).toContainEqual(
      expect.objectContaining({ component: 'cache', msg: 'redis: shared page and data cache' }),
    );
    expect(records).toContainEqual(
      expect.objectContaining({ requestId: 'deploy-last-request', path: '/api/product' }),
    );
    expect(messages.at(-1)).toBe('Stopped');
  } finally {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await redis.stop();
    await collector.close();
  }
});
