import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A span as an OTLP/HTTP JSON export carries it. */
export interface ExportedSpan {
  name: string;
  parentSpanId?: string;
  attributes?: { key: string; value: { stringValue?: string } }[];
}

/**
 * A local OTLP/HTTP endpoint (JSON, `OTEL_EXPORTER_OTLP_PROTOCOL=http/json`) on 127.0.0.1: every
 * span it receives, with its resource's service name and its instrumentation scope. Shared by
 * the tracing tests (Vitest) and the deploy test (Playwright).
 */
export async function otlpCollector() {
  const received: { service?: string; scope: string; span: ExportedSpan }[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === '/v1/traces') {
        const payload = JSON.parse(body) as {
          resourceSpans: {
            resource: { attributes: { key: string; value: { stringValue?: string } }[] };
            scopeSpans: { scope: { name: string }; spans: ExportedSpan[] }[];
          }[];
        };
        for (const resourceSpans of payload.resourceSpans) {
          const service = resourceSpans.resource.attributes.find(
            (attribute) => attribute.key === 'service.name',
          )?.value.stringValue;
          for (const { scope, spans } of resourceSpans.scopeSpans) {
            for (const span of spans) received.push({ service, scope: scope.name, span });
          }
        }
      }
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
