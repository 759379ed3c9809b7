// Run by test/integration/tracing.test.ts in a process of its own (`node --import tsx`), as a
// server starts: traces are started first (lib/core/tracing.ts, as instrumentation.ts does), then
// the MongoDB driver is loaded, one traced unit of work queries the database, and the spans are
// flushed to the OTLP endpoint of the environment before the process ends.
import { trace } from '@opentelemetry/api';
import { startTracing } from '@/lib/core/tracing';

async function main() {
  if (!(await startTracing())) throw new Error('tracing did not start');

  // The driver is loaded after the tracer, as the server's bundle loads it after register().
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { MongoClient } = require('mongodb') as typeof import('mongodb');
  const client = new MongoClient(process.env.MONGODB_URI!);
  try {
    const db = client.db(process.env.MONGODB_DB);
    await trace.getTracer('storefront-test').startActiveSpan('GET /api/product', async (span) => {
      const probe = db.collection('otelProbe');
      await probe.insertOne({ sku: 'HB-M8-SECRET-VALUE' });
      await probe.findOne({ sku: 'HB-M8-SECRET-VALUE' });
      span.end();
    });
    // A command outside any request makes no span (requireParentSpan).
    await db.command({ ping: 1 });
  } finally {
    await client.close();
  }
  const provider = trace.getTracerProvider() as { getDelegate?: () => unknown };
  const delegate = (provider.getDelegate?.() ?? provider) as { forceFlush?: () => Promise<void> };
  await delegate.forceFlush?.();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
