import { trace } from '@opentelemetry/api';
import type { Configuration } from '@vercel/otel';
import { atShutdown } from './lifecycle';

/**
 * OpenTelemetry traces, recorded and exported over OTLP/HTTP when OTEL_EXPORTER_OTLP_ENDPOINT is
 * set (nothing is loaded otherwise). instrumentation.ts `register()` starts them before anything
 * else, so the MongoDB instrumentation patches the driver before the first query. Next.js
 * itself makes the spans of each request, route handler, page render and server action once a
 * tracer is registered; `@vercel/otel` adds outgoing `fetch` calls and the MongoDB
 * instrumentation one span per database command (its statement with the values replaced by
 * `?`, so no customer data leaves in a trace), under the request's span.
 *
 * The exporter follows OpenTelemetry's own variables: OTEL_EXPORTER_OTLP_ENDPOINT (the
 * collector's base URL; traces go to `/v1/traces` under it), OTEL_EXPORTER_OTLP_PROTOCOL
 * (`http/protobuf`, the default, or `http/json`), OTEL_EXPORTER_OTLP_HEADERS (`key=value,…`, for
 * a vendor's API key), OTEL_TRACES_SAMPLER(_ARG); the service is named by OTEL_SERVICE_NAME.
 * Read from the environment directly (before lib/core/env, which checks the endpoint is a URL).
 *
 * Spans are sent in batches, every few seconds: at a deploy's SIGTERM the server sends what it
 * still holds once its requests in flight have finished, before it exits (`stopTracing`, a step
 * of the shutdown: lib/core/lifecycle.ts), within SHUTDOWN_TIMEOUT_MS.
 */

/** The service name spans carry without OTEL_SERVICE_NAME. */
export const DEFAULT_SERVICE_NAME = 'parts-storefront';

type Environment = Record<string, string | undefined>;

/** Whether traces are recorded: an OTLP endpoint is configured. */
export function tracingEnabled(environment: Environment = process.env): boolean {
  return Boolean(
    environment.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() ||
    environment.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim(),
  );
}

/** `@vercel/otel`'s configuration for this store, or null when traces are off. */
export async function tracingConfiguration(
  environment: Environment = process.env,
): Promise<Configuration | null> {
  if (!tracingEnabled(environment)) return null;
  const { MongoDBInstrumentation } = await import('@opentelemetry/instrumentation-mongodb');
  return {
    serviceName: environment.OTEL_SERVICE_NAME?.trim() || DEFAULT_SERVICE_NAME,
    instrumentations: [
      // @vercel/otel's own: outgoing fetch() calls.
      'fetch',
      // A span per MongoDB command, only inside a traced request or job (`requireParentSpan`).
      new MongoDBInstrumentation({ requireParentSpan: true }),
    ],
  };
}

/**
 * Registers the tracer (once per process) when OTEL_EXPORTER_OTLP_ENDPOINT is set; answers
 * whether traces are on.
 */
export async function startTracing(environment: Environment = process.env): Promise<boolean> {
  const configuration = await tracingConfiguration(environment);
  if (!configuration) return false;
  const started = globalThis as typeof globalThis & { __storefrontTracing?: boolean };
  if (!started.__storefrontTracing) {
    const { registerOTel } = await import('@vercel/otel');
    registerOTel(configuration);
    started.__storefrontTracing = true;
    atShutdown('tracing', stopTracing);
  }
  return true;
}

/**
 * Ends tracing: the spans still waiting for their batch are sent (awaited) and nothing more is
 * recorded. Nothing when traces are off.
 */
export async function stopTracing(): Promise<void> {
  // registerOTel keeps its SDK to itself; the provider it registered is the global one's delegate.
  const global = trace.getTracerProvider() as { getDelegate?: () => unknown };
  const provider = (global.getDelegate?.() ?? global) as { shutdown?: () => Promise<void> };
  await provider.shutdown?.();
}
