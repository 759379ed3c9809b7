import 'server-only';
import { enforce, type Limit } from '@/lib/core/rate-limit';
import { clientIp } from '@/lib/security';

/**
 * Wrong secrets on the machine endpoints (`GET /api/cron/{job}` with CRON_SECRET, `GET
 * /api/metrics` with METRICS_TOKEN), counted per client address, both endpoints together: beyond
 * 10 in 15 minutes every attempt from that address is 429 (`request.rate_limited`, with
 * `Retry-After`) until the window ends, the right secret included, so guessing learns nothing.
 * A right secret within the limit is not counted (given back).
 */
export const MACHINE_SECRET_FAILURES: Limit = {
  name: 'machine-secret:ip',
  max: 10,
  windowSeconds: 15 * 60,
};

/**
 * Counts one attempt with a machine secret from the request's client address (lib/security
 * `clientIp`), then gives it back when `matched`; 429 when the address is over the limit.
 * Called before the endpoint answers anything about the secret.
 */
export async function countSecretAttempt(request: Request, matched: boolean): Promise<void> {
  const counted = await enforce([{ limit: MACHINE_SECRET_FAILURES, key: clientIp(request) }]);
  if (matched) await counted.giveBack();
}
