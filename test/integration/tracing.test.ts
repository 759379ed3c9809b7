import { spawn } from 'node:child_process';
import path from 'node:path';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVICE_NAME, tracingConfiguration, tracingEnabled } from '@/lib/core/tracing';
import { otlpCollector } from '../support/otlp';

const root = path.resolve(import.meta.dirname, '../..');

describe('tracing configuration (lib/core/tracing.ts)', () => {
  it('is off, loading nothing, without OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    expect(tracingEnabled({})).toBe(false);
    expect(tracingEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' })).toBe(false);
    expect(await tracingConfiguration({})).toBeNull();
  });

  it('with an endpoint: the service name, fetch and MongoDB instrumentations', async () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    const configuration = await tracingConfiguration(endpoint);
    expect(configuration?.serviceName).toBe(DEFAULT_SERVICE_NAME);
    expect(DEFAULT_SERVICE_NAME).toBe('parts-storefront');
    const instrumentations = configuration?.instrumentations ?? [];
    expect(instrumentations).toContain('fetch');
    const mongodb = instrumentations.find((item) => item instanceof MongoDBInstrumentation);
    expect(mongodb).toBeDefined();
    expect((mongodb as MongoDBInstrumentation).getConfig()).toMatchObject({
      requireParentSpan: true,
    });
    expect(
      (await tracingConfiguration({ ...endpoint, OTEL_SERVICE_NAME: 'parts-eu' }))?.serviceName,
    ).toBe('parts-eu');
    expect(
      tracingEnabled({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }),
    ).toBe(true);
  });
});

describe('traces exported over OTLP/HTTP', () => {
  it('sends the spans of a traced unit of work, with one per MongoDB command, to OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    const collector = await otlpCollector();
    try {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(root, 'test/support/otel-export-child.ts')],
        {
          cwd: root,
          env: {
            ...process.env,
            NODE_ENV: 'production',
            OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
            OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
            OTEL_SERVICE_NAME: 'storefront-trace-test',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code, output).toBe(0);

      const names = collector.received.map(({ span }) => span.name);
      expect(names).toContain('GET /api/product');
      const mongo = collector.received.filter(({ scope }) => scope.includes('mongodb'));
      expect(mongo.map(({ span }) => span.name)).toEqual(
        expect.arrayContaining([expect.stringMatching(/insert/), expect.stringMatching(/find/)]),
      );
      // Each under the unit of work's span; the ping outside it made none.
      const parent = collector.received.find(({ span }) => span.name === 'GET /api/product')!;
      for (const { span } of mongo) expect(span.parentSpanId).toBeTruthy();
      expect(mongo.some(({ span }) => /ping/.test(span.name))).toBe(false);
      expect(parent.service).toBe('storefront-trace-test');
      // The statement is recorded without its values.
      expect(JSON.stringify(mongo)).not.toContain('SECRET-VALUE');
    } finally {
      await collector.close();
    }
  }, 60_000);
});
