import { handle } from '@/lib/api/handle';
import { importEntries, readImportText } from '@/lib/pricing';
import { importPriceListEntriesOp } from '@/lib/pricing/api';

/**
 * POST /api/admin/price-lists/{id}/entries/import (admins): CSV lines of entries, all or
 * nothing, with a report of every refused line.
 */
export const POST = handle(importPriceListEntriesOp, async ({ request, params }) =>
  importEntries(params.id, await readImportText(request)),
);
