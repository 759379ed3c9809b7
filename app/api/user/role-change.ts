import 'server-only';
import { failure, type ApiError } from '@/lib/api/errors';
import type { AdminRoleChange, RoleChangeOutcome } from '@/lib/accounts';

/** The API error for a removal or demotion that did not happen (see `changeAdminRole`). */
export function roleChangeFailure(
  outcome: Exclude<RoleChangeOutcome, 'done'>,
  change: AdminRoleChange,
  email: string,
): ApiError {
  switch (outcome) {
    case 'not_found':
      return failure('user.not_found');
    case 'busy':
      return failure('user.role_change_busy');
    case 'last_admin':
      return failure(change === 'remove' ? 'user.last_admin' : 'user.last_admin_demote');
    case 'not_admin':
      return failure('user.not_admin');
    case 'configured_admin':
      return failure('user.configured_admin', { params: { email } });
  }
}
