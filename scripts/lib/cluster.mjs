// Several instances of the store on one machine, as a load balancer would see them on several:
// one MongoDB (the caller's), one real Redis (`redis-server`, Debian's package) for the shared
// cache, and N production servers (scripts/serve.mjs) of ONE build on their own ports, each
// with its job runner. Used by `npm run cluster` (scripts/cluster.mjs) and the cluster's
// end-to-end test (e2e/cluster.spec.ts). Loopback only; everything started here is stopped by
// `stop()`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { waitForUrl } from './wait.mjs';

// No import.meta here: the end-to-end test loads this file through Playwright's transform. The
// project's root is the working directory of every command that uses it (npm scripts, Playwright).
const projectRoot = process.cwd();
const serveScript = path.join(projectRoot, 'scripts/serve.mjs');

/** Whether something answers TCP on 127.0.0.1:port. */
export function listening(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * A real `redis-server` on 127.0.0.1:port, in memory only (no snapshot, no append-only file),
 * with its files in a temporary directory. Resolves once it answers.
 */
export async function startRedis(port) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-redis-'));
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let failed = null;
  child.once('error', (error) => (failed = error));
  for (let i = 0; i < 100 && !(await listening(port)); i += 1) {
    if (failed || child.exitCode !== null) {
      throw new Error(
        `redis-server did not start (${failed?.message ?? `exit ${child.exitCode}`}): install Debian's redis-server package, or set REDIS_URL.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * One production server of the build on 127.0.0.1:port (`env` as given, plus HOST/PORT), with
 * its output prefixed by its name. `start()` resolves once it answers; `kill(signal)` stops it
 * (SIGKILL: a crash, nothing finished), `restart()` starts it again.
 */
/**
 * @param {string} name
 * @param {number} port
 * @param {Record<string, string | undefined>} env
 * @param {{ log?: { write(text: string): unknown } }} [options]
 */
export function serverInstance(name, port, env, { log = process.stdout } = {}) {
  let child = null;
  const url = `http://127.0.0.1:${port}`;
  const instance = {
    name,
    port,
    url,
    get pid() {
      return child?.pid ?? null;
    },
    async start() {
      // The build was checked once by the caller (`buildProblem`): a restart must not be refused
      // because a source file changed since.
      child = spawn(
        process.execPath,
        [serveScript, '-H', '127.0.0.1', '-p', String(port), '--skip-build-check'],
        {
          cwd: projectRoot,
          env: { ...env, HOST: '127.0.0.1', PORT: String(port) },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let recent = '';
      for (const stream of [child.stdout, child.stderr]) {
        stream.on('data', (chunk) => {
          recent = (recent + chunk.toString()).slice(-4000);
          for (const line of chunk.toString().split('\n')) {
            if (line) log.write(`[${name}] ${line}\n`);
          }
        });
      }
      const stopped = new Promise((_, reject) =>
        child.once('exit', (code) =>
          reject(new Error(`instance ${name} stopped (exit ${code}) while starting:\n${recent}`)),
        ),
      );
      stopped.catch(() => {});
      await Promise.race([waitForUrl(`${url}/api/health/live`, { timeoutMs: 120_000 }), stopped]);
      return instance;
    },
    async kill(signal = 'SIGTERM') {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
    async restart() {
      await instance.kill();
      return instance.start();
    },
  };
  return instance;
}

/**
 * The cluster: Redis (unless `redisUrl` is given), then `count` servers of the build in
 * `distDir` on `basePort`, `basePort + 1`, ... over the environment `env` (which names the
 * database). Answers the instances, Redis's URL and `stop()`.
 */
/**
 * @param {{
 *   env: Record<string, string | undefined>,
 *   distDir?: string,
 *   basePort?: number,
 *   count?: number,
 *   redisPort?: number,
 *   redisUrl?: string | null,
 *   log?: { write(text: string): unknown },
 * }} options
 */
export async function startCluster({
  env,
  distDir = '.next',
  basePort = 3000,
  count = 2,
  redisPort = 6390,
  redisUrl = null,
  log = process.stdout,
}) {
  const redis = redisUrl ? { url: redisUrl, stop: async () => {} } : await startRedis(redisPort);
  const shared = { ...env, NEXT_DIST_DIR: distDir, REDIS_URL: redis.url };
  const instances = Array.from({ length: count }, (_, index) =>
    serverInstance(String.fromCharCode(65 + index), basePort + index, shared, { log }),
  );
  try {
    await Promise.all(instances.map((instance) => instance.start()));
  } catch (error) {
    await Promise.all(instances.map((instance) => instance.kill()));
    await redis.stop();
    throw error;
  }
  return {
    instances,
    redisUrl: redis.url,
    async stop() {
      await Promise.all(instances.map((instance) => instance.kill()));
      await redis.stop();
    },
  };
}
