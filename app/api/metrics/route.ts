import { failure } from '@/lib/api/errors';
import { handle } from '@/lib/api/handle';
import { errorResponse } from '@/lib/api/handler';
import { metricsOp } from '@/lib/api/contract/system';
import { env } from '@/lib/core/env';
import { bearerMatches, metricsText } from '@/lib/core/metrics';

export const dynamic = 'force-dynamic';

/**
 * GET /api/metrics, for Prometheus: every metric of lib/core/metrics.ts in its text format, to a
 * scraper that sends `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time; 401
 * otherwise). Without METRICS_TOKEN the endpoint is off and answers the 404 of any unknown
 * /api path. Never cached.
 */
export const GET = handle(metricsOp, async ({ request }) => {
  const token = env.METRICS_TOKEN;
  if (!token) {
    throw failure('request.no_route', { params: { method: 'GET', path: '/api/metrics' } });
  }
  if (!bearerMatches(request.headers.get('authorization'), token)) {
    const refused = errorResponse(failure('metrics.token_invalid'));
    refused.headers.set('WWW-Authenticate', 'Bearer realm="metrics"');
    refused.headers.set('Cache-Control', 'no-store');
    return refused;
  }
  const { body, contentType } = await metricsText();
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': contentType, 'Cache-Control': 'no-store' },
  });
});
