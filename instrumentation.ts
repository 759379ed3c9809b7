import type { Instrumentation } from 'next';

/**
 * Runs once when a server starts, before it serves (Next.js calls `register()`): traces start
 * when OTEL_EXPORTER_OTLP_ENDPOINT is set (lib/core/tracing.ts), a store whose configuration may
 * not serve stops here with the reason (lib/security/start.ts), every feature's mail kinds
 * are registered with the outbox (lib/startup/outbox.ts), and the background jobs' runner starts
 * (lib/startup/jobs.ts).
 */
export async function register(): Promise<void> {
  // Node.js only (lib/core/env needs it). NEXT_RUNTIME is Next.js's own variable, replaced at build
  // time, so the edge bundle leaves this branch out.
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // First, so that the MongoDB instrumentation patches the driver before anything loads it;
    // nothing of OpenTelemetry is loaded without an endpoint.
    if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) {
      const { startTracing } = await import('@/lib/core/tracing');
      await startTracing();
    }
    const { stopUnlessMayServe } = await import('@/lib/security/start');
    await stopUnlessMayServe();
    // Every feature's mail kinds, registered before the first request: the outbox drains and
    // retries the mails of every collection, also of features no request has loaded yet (a
    // quote's mail or a company invitation held for a retry across a restart).
    await import('@/lib/startup/outbox');
    // With the shared cache (REDIS_URL, cache-handler.mjs), the build's pre-rendered pages go
    // into Redis once, never over an entry another instance wrote since.
    if (process.env.REDIS_URL && process.env.NEXT_PHASE !== 'phase-production-build') {
      const [{ registerInitialCache }, { default: CacheHandler, sharedCache }, fs, path] =
        await Promise.all([
          import('@fortedigital/nextjs-cache-handler/instrumentation'),
          import('./cache-handler.mjs'),
          import('node:fs'),
          import('node:path'),
        ]);
      const distDir = process.env.NEXT_DIST_DIR || '.next';
      const buildId = fs.readFileSync(path.join(process.cwd(), distDir, 'BUILD_ID'), 'utf8').trim();
      await sharedCache(buildId);
      await registerInitialCache(CacheHandler, { setOnlyIfNotExists: true });
    }
    // The background jobs on their schedules in this server (lib/startup/jobs.ts), one run of
    // each at a time across every instance (their leases); JOB_RUNNER=off leaves them to a
    // dedicated `npm run worker` or to Vercel Cron. Never while `next build` pre-renders.
    if (process.env.JOB_RUNNER !== 'off' && process.env.NEXT_PHASE !== 'phase-production-build') {
      const { startStoreJobRunner } = await import('@/lib/startup/jobs');
      await startStoreJobRunner();
    }
    // With GET /api/metrics on, every background job run in this process is timed there.
    if (process.env.METRICS_TOKEN) {
      const [{ onJobRun }, { observeJobRun }] = await Promise.all([
        import('@/lib/core/jobs'),
        import('@/lib/core/metrics'),
      ]);
      onJobRun(observeJobRun);
    }
  }
}

/**
 * Next.js reports here every error no handler answered (a page that threw while rendering, a
 * server action, the proxy): logged at `error` level with the request's id, its route and kind
 * (lib/core/request-errors.ts).
 */
export async function onRequestError(
  ...[error, request, context]: Parameters<Instrumentation.onRequestError>
): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { reportRequestError } = await import('@/lib/core/request-errors');
    reportRequestError(error, request, context);
  }
}
