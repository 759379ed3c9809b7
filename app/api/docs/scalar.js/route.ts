import { apiReferenceScriptOp } from '@/lib/api/contract/system';
import { handle } from '@/lib/api/handle';
import { scalarBundle } from '../scalar-bundle';

// Pre-rendered at build time: the bundle is part of the build output.
export const dynamic = 'force-static';

/** GET /api/docs/scalar.js: the API reference's script (see ../scalar-bundle.ts). */
export const GET = handle(apiReferenceScriptOp, () => {
  return new Response(scalarBundle(), {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      // The page asks for it with its version in the URL (?v=), so it may be kept a long time.
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  });
});
