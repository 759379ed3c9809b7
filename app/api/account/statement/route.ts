import { handle } from '@/lib/api/handle';
import { companyReader, companyStatement, statementCsv, statementFileName } from '@/lib/billing';
import { getAccountStatementOp } from '@/lib/billing/api';

/**
 * GET /api/account/statement?from=&to=&format=json|csv: the caller's company's statement
 * (members whose role handles its invoices); `?format=csv` answers it as a download.
 */
export const GET = handle(getAccountStatementOp, async ({ user, query }) => {
  const statement = await companyStatement(await companyReader(user), query);
  if (query.format !== 'csv') return statement;
  return new Response(statementCsv(statement), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${statementFileName(statement)}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
});
