import 'server-only';
import { logger } from './log';
import { acceptRequestId, REQUEST_ID_HEADER } from './request-id.mjs';

/**
 * What Next.js reports to instrumentation.ts `onRequestError`: an error no handler answered (a
 * page or layout that threw while rendering, a server action, the proxy; route handlers answer
 * their own errors, lib/api/handler.ts, and log them there).
 */
export interface RequestErrorReport {
  request: Readonly<{ path: string; method: string; headers: NodeJS.Dict<string | string[]> }>;
  context: Readonly<{
    routerKind: string;
    routePath: string;
    routeType: string;
    renderSource?: string;
    revalidateReason?: string;
  }>;
}

/**
 * Logs an unexpected error of a request at `error` level, with the request's id (`requestId`,
 * as the server set it in `X-Request-Id`), its method and path (without the query, which may
 * hold a token), the route (`routePath`, such as `/product/[productId]`) and its kind
 * (`routeType`: render, route, action or proxy), and the error (`err`: type, message, stack and
 * the `digest` the person's error page shows).
 */
export function reportRequestError(
  error: unknown,
  request: RequestErrorReport['request'],
  context: RequestErrorReport['context'],
): void {
  const requestId = acceptRequestId(request.headers[REQUEST_ID_HEADER]);
  const path = request.path.split('?')[0];
  logger.error(
    {
      err: error,
      ...(requestId ? { requestId } : {}),
      method: request.method,
      path,
      routePath: context.routePath,
      routeType: context.routeType,
      routerKind: context.routerKind,
      ...(context.renderSource ? { renderSource: context.renderSource } : {}),
      ...(context.revalidateReason ? { revalidateReason: context.revalidateReason } : {}),
    },
    `[request] ${request.method} ${context.routePath} failed (${context.routeType})`,
  );
}
