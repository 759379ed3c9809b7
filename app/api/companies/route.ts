import { handle } from '@/lib/api/handle';
import { createCompanyOp } from '@/lib/companies/api';
import { createCompanyFor } from '@/lib/companies';

/** POST /api/companies: a new company with the caller as its owner (lib/companies). */
export const POST = handle(createCompanyOp, ({ user, body }) => createCompanyFor(user, body));
