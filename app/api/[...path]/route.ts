import { errorResponse, privateWhenSignedIn } from '@/lib/api/handler';
import { failure } from '@/lib/api/errors';

/**
 * Any /api path without a handler: the JSON 404 rather than the HTML page (private, no-store to
 * a caller with a credential, as every API answer).
 */
function notFound(request: Request) {
  const { pathname } = new URL(request.url);
  return privateWhenSignedIn(
    request,
    errorResponse(
      failure('request.no_route', { params: { method: request.method, path: pathname } }),
    ),
  );
}

export {
  notFound as GET,
  notFound as POST,
  notFound as PUT,
  notFound as PATCH,
  notFound as DELETE,
};
