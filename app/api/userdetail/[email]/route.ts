import { handle } from '@/lib/api/handle';
import { getProfileOp, updateProfileOp } from '@/lib/accounts/api';
import { failure, fieldError } from '@/lib/api/errors';
import { profileDetails, updateProfile } from '@/lib/accounts';

/**
 * GET /api/userdetail/{email}: your own profile details, with the optional business fields
 * `company` and `taxId` ('' when not given).
 */
export const GET = handle(getProfileOp, ({ user }) => profileDetails(user));

/**
 * PUT /api/userdetail/{email}: saves your own profile; the email is not changeable. `company`
 * and `taxId` are optional: a text sets them, '' or null removes them, leaving them out keeps
 * them.
 */
export const PUT = handle(updateProfileOp, async ({ user, body }) => {
  if (body.email && body.email.toLowerCase() !== user.email) {
    throw fieldError('email', 'The email of an account cannot be changed here.');
  }
  const updated = await updateProfile(user.id, body);
  if (!updated) throw failure('user.gone');
  return profileDetails(updated);
});
