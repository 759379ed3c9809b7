import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

// The container set-up (Dockerfile, compose.yaml, docs/operations.md "Containers"), read as
// files: no container runtime exists on the project's machines, so what `docker compose up`
// would do is proved from what the files say. Checked: the load balancer routes by
// GET /api/health/ready and starts once the instances are healthy, every `service_healthy`
// dependency has a health check, each stop grace period is longer than SHUTDOWN_TIMEOUT_MS, the
// build arguments read at build time reach the build, `npm ci` with a cache mount, application
// files owned by root and read-only to the `node` user, no tsx or embedded engine in the web
// server's image, and the documented first-admin step.

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

const BUILD_ARGS = ['BUILD_ID', 'STORE_NAME', 'SITE_URL', 'NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY'];

interface Service {
  image?: string;
  build?: { context: string; target?: string; args?: Record<string, string> };
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test?: string[]; disable?: boolean };
  depends_on?: Record<string, { condition: string }>;
  stop_grace_period?: string;
  profiles?: string[];
  configs?: { source: string; target: string }[];
}

const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<string, Service>;
  configs: Record<string, { content: string }>;
};
const services = compose.services;

/** A Compose duration (`15s`, `1m30s`, `500ms`) in milliseconds. */
function durationMs(value: string | undefined): number {
  expect(value).toMatch(/^(\d+(ms|s|m|h))+$/);
  let total = 0;
  for (const [, amount, unit] of value!.matchAll(/(\d+)(ms|s|m|h)/g)) {
    total += Number(amount) * { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[unit!]!;
  }
  return total;
}

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's stages by name, each a list of instructions (continuation lines joined). */
function dockerStages(text: string): Map<string, Instruction[]> {
  const stages = new Map<string, Instruction[]>();
  let current: Instruction[] | null = null;
  const logical = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  for (const line of logical) {
    const [, keyword, args] = /^(\S+)\s+(.*)$/.exec(line)!;
    if (keyword!.toUpperCase() === 'FROM') {
      const name = /\bAS\s+(\S+)$/i.exec(args!)?.[1];
      current = [{ keyword: 'FROM', args: args! }];
      if (name) stages.set(name, current);
      continue;
    }
    current?.push({ keyword: keyword!.toUpperCase(), args: args!.replace(/\s+/g, ' ') });
  }
  return stages;
}

const stages = dockerStages(read('Dockerfile'));
const stage = (name: string) => {
  const found = stages.get(name);
  expect(found, `Dockerfile stage ${name}`).toBeDefined();
  return found!;
};
const of = (instructions: Instruction[], keyword: string) =>
  instructions.filter((instruction) => instruction.keyword === keyword).map(({ args }) => args);

describe('compose.yaml', () => {
  it('puts a load balancer that routes by GET /api/health/ready in front of healthy instances', () => {
    const lb = services.lb!;
    expect(lb.depends_on).toEqual({
      app1: { condition: 'service_healthy' },
      app2: { condition: 'service_healthy' },
    });
    const config = lb.configs?.find(({ target }) => target === '/etc/caddy/Caddyfile');
    expect(config).toBeDefined();
    const caddyfile = compose.configs[config!.source]!.content;
    const proxy = /reverse_proxy\s+([^{]+)\{([^}]*)\}/.exec(caddyfile);
    expect(proxy, caddyfile).not.toBeNull();
    expect(proxy![1]!.trim().split(/\s+/)).toEqual(['app1:3000', 'app2:3000']);
    const directives = new Map(
      proxy![2]!
        .split('\n')
        .map((line) => line.trim().split(/\s+/))
        .filter((words) => words[0])
        .map(([name, ...rest]) => [name!, rest.join(' ')]),
    );
    expect(directives.get('health_uri')).toBe('/api/health/ready');
    expect(directives.get('health_status')).toBe('200');
    // Checked often enough that a stopping instance leaves the rotation well within its grace.
    expect(durationMs(directives.get('health_interval'))).toBeLessThanOrEqual(5000);
    expect(directives.has('lb_try_duration')).toBe(true);
  });

  it('the web servers: readiness health checks, a grace period longer than SHUTDOWN_TIMEOUT_MS, the build arguments', () => {
    for (const name of ['app1', 'app2']) {
      const app = services[name]!;
      expect(app.build?.target, name).toBe('run');
      expect(app.healthcheck?.test?.join(' '), name).toContain(
        'http://127.0.0.1:3000/api/health/ready',
      );
      expect(app.environment?.PORT, name).toBe('3000');
      const timeout = Number(app.environment?.SHUTDOWN_TIMEOUT_MS);
      expect(timeout, name).toBeGreaterThan(0);
      expect(durationMs(app.stop_grace_period), name).toBeGreaterThan(timeout);
      for (const arg of BUILD_ARGS)
        expect(app.build?.args?.[arg], `${name} ${arg}`).toBe(`\${${arg}:-}`);
      expect(app.depends_on?.migrate, name).toEqual({
        condition: 'service_completed_successfully',
      });
      // Jobs run in the worker.
      expect(app.environment?.JOB_RUNNER, name).toBe('off');
      expect(app.environment?.TRUSTED_PROXY_HOPS, name).toBe('1');
    }
  });

  it('the worker and the scripts run from the worker image, stopped within their grace period', () => {
    for (const name of ['migrate', 'worker', 'app']) {
      const service = services[name]!;
      expect(service.build?.target, name).toBe('worker');
      for (const arg of BUILD_ARGS)
        expect(service.build?.args?.[arg], `${name} ${arg}`).toBe(`\${${arg}:-}`);
      expect(service.environment?.MONGODB_URI, name).toMatch(/^mongodb:\/\/mongo:27017\//);
    }
    expect(services.migrate!.command).toEqual(['npm', 'run', 'db:migrate']);
    const worker = services.worker!;
    expect(durationMs(worker.stop_grace_period)).toBeGreaterThan(
      Number(worker.environment?.SHUTDOWN_TIMEOUT_MS),
    );
    // `docker compose up` leaves the one-off service alone; `docker compose run app …` runs it.
    expect(services.app!.profiles).toEqual(['tools']);
  });

  it('every service_healthy dependency has a health check of its own', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(services[dependency], `${name} -> ${dependency}`).toBeDefined();
        if (condition === 'service_healthy') {
          const check = services[dependency]!.healthcheck;
          expect(check?.test?.length, `${name} -> ${dependency}`).toBeGreaterThan(0);
          expect(check?.disable, `${name} -> ${dependency}`).not.toBe(true);
        }
      }
    }
  });
});

describe('Dockerfile', () => {
  it('installs with npm ci against the lockfile, npm’s cache in a cache mount', () => {
    for (const name of ['deps', 'prod-deps']) {
      const runs = of(stage(name), 'RUN');
      expect(
        runs.some((run) => /^--mount=type=cache,target=\/root\/\.npm npm ci\b/.test(run)),
        name,
      ).toBe(true);
      expect(runs.join('\n'), name).not.toMatch(/npm install/);
      expect(of(stage(name), 'COPY'), name).toContain('package.json package-lock.json ./');
    }
    expect(of(stage('prod-deps'), 'RUN').join(' ')).toContain('--omit=dev');
  });

  it('passes the build arguments read at build time to `npm run build`', () => {
    const build = stage('build');
    const args = of(build, 'ARG').map((arg) => arg.split('=')[0]);
    for (const arg of BUILD_ARGS) expect(args).toContain(arg);
    const runs = of(build, 'RUN');
    const buildRun = runs.findIndex((run) => run.includes('npm run build'));
    expect(buildRun).toBeGreaterThanOrEqual(0);
    // Declared before the step that builds, so that it sees them.
    const lastArg = build.findLastIndex((instruction) => instruction.keyword === 'ARG');
    expect(lastArg).toBeLessThan(
      build.findIndex((instruction) => instruction.args.includes('npm run build')),
    );
    expect(JSON.parse(read('package.json')).scripts.build).toBeTruthy();
  });

  it('the web server: root-owned files read-only to `node`, no tsx or engine, a readiness health check, serve.mjs itself', () => {
    const run = stage('run');
    expect(stages.get([...stages.keys()].at(-1)!)).toBe(run);
    expect(of(run, 'USER')).toEqual(['node']);
    for (const copy of of(run, 'COPY')) expect(copy).not.toContain('--chown');
    // node owns only the directories the server writes to.
    const chowns = of(run, 'RUN').flatMap((line) => [...line.matchAll(/chown (\S+) ([^&]+)/g)]);
    expect(chowns.map(([, owner, paths]) => [owner, paths!.trim()])).toEqual([
      ['node:node', '.next/cache .data'],
    ]);
    expect(of(run, 'COPY')).toContain('--from=server-deps /app/node_modules ./node_modules');
    const pruned = of(stage('server-deps'), 'RUN').join(' ');
    for (const dir of ['node_modules/tsx', 'node_modules/@0q', 'node_modules/esbuild']) {
      expect(pruned).toContain(dir);
    }
    expect(of(run, 'HEALTHCHECK').join(' ')).toContain('/api/health/ready');
    expect(of(run, 'CMD')).toEqual(['["node", "scripts/serve.mjs"]']);
    expect(JSON.parse(read('package.json')).scripts.serve).toBe('node scripts/serve.mjs');
  });

  it('the worker: the `npm run worker` command itself, as `node`, with root-owned files', () => {
    const worker = stage('worker');
    expect(of(worker, 'USER')).toEqual(['node']);
    for (const copy of of(worker, 'COPY')) expect(copy).not.toContain('--chown');
    expect(of(worker, 'COPY')).toContain('--from=prod-deps /app/node_modules ./node_modules');
    const [cmd] = of(worker, 'CMD');
    const argv = JSON.parse(cmd!) as string[];
    expect(argv.slice(0, 2)).toEqual(['node', 'node_modules/tsx/dist/cli.mjs']);
    expect(`tsx ${argv.slice(2).join(' ')}`).toBe(JSON.parse(read('package.json')).scripts.worker);
  });
});

describe('docs/operations.md', () => {
  it('gives the first-admin step and says what was not run', () => {
    const docs = read('docs/operations.md');
    expect(docs).toContain('docker compose run --rm app npm run make-admin -- you@example.com');
    expect(JSON.parse(read('package.json')).scripts['make-admin']).toMatch(
      /scripts\/make-admin\.ts$/,
    );
    expect(docs).toMatch(/No container runtime exists/);
  });
});
