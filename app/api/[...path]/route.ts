import { errorResponse } from '@/lib/api/handler';
import { ApiError } from '@/lib/api/errors';

/** Any /api path without a handler: the JSON 404 rather than the HTML page. */
function notFound(request: Request) {
  const { pathname } = new URL(request.url);
  return errorResponse(
    new ApiError('not_found', `No API route matches ${request.method} ${pathname}.`),
  );
}

export {
  notFound as GET,
  notFound as POST,
  notFound as PUT,
  notFound as PATCH,
  notFound as DELETE,
};
