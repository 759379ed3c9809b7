import { openApiDocument } from '@/lib/api/contract/document';
import { openApiDocumentOp } from '@/lib/api/contract/system';
import { handle } from '@/lib/api/handle';
import { storeName } from '@/lib/core/site';

// The document follows from the code alone: built once, when the store is built.
export const dynamic = 'force-static';

/** GET /api/openapi.json: the OpenAPI 3.1 contract of the API (lib/api/contract). */
export const GET = handle(openApiDocumentOp, () => openApiDocument({ title: `${storeName} API` }));
