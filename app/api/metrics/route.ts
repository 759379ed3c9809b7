import { failure } from '@/lib/api/errors';
import { handle } from '@/lib/api/handle';
import { errorResponse, PRIVATE_CACHE_CONTROL } from '@/lib/api/handler';
import { countSecretAttempt } from '@/lib/api/machine-secret';
import { metricsOp } from '@/lib/api/contract/system';
import { env } from '@/lib/core/env';
import { bearerMatches, metricsText } from '@/lib/core/metrics';

export const dynamic = 'force-dynamic';

/**
 * GET /api/metrics, for Prometheus: every metric of lib/core/metrics.ts in its text format, to a
 * scraper that sends `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time; 401
 * otherwise; wrong tokens counted per client address, 429 beyond the limit: lib/api/machine-secret.ts).
 * Without METRICS_TOKEN the endpoint is off and answers the 404 of any unknown
 * /api path. Never cached.
 */
export const GET = handle(metricsOp, async ({ request }) => {
  const token = env.METRICS_TOKEN;
  if (!token) {
    throw failure('request.no_route', { params: { method: 'GET', path: '/api/metrics' } });
  }
  const matched = bearerMatches(request.headers.get('authorization'), token);
  await countSecretAttempt(request, matched);
  if (!matched) {
    const refused = errorResponse(failure('metrics.token_invalid'));
    refused.headers.set('WWW-Authenticate', 'Bearer realm="metrics"');
    refused.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL);
    return refused;
  }
  const { body, contentType } = await metricsText();
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': contentType, 'Cache-Control': PRIVATE_CACHE_CONTROL },
  });
});
