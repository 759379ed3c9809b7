import { handle } from '@/lib/api/handle';
import { resetPasswordOp } from '@/lib/accounts/api';
import { failure } from '@/lib/api/errors';
import { limits } from '@/lib/accounts';
import { consumePasswordReset } from '@/lib/accounts';
import { findUserById, markEmailVerified, resetPassword } from '@/lib/accounts';
import { clearLimit } from '@/lib/core/rate-limit';

/**
 * POST /api/password-reset/confirm: sets a new password with a valid, unused reset token.
 * Every session and access token issued before ends (resetPassword bumps the session version).
 * The link was mailed to the account's address, so it also proves the email, and that the
 * password's holder owns the mailbox (an address in ADMIN_EMAILS becomes admin only now, or
 * with a Google sign-in); and the email's sign-in failures are forgotten, so the owner can sign
 * in at once.
 */
export const POST = handle(resetPasswordOp, async ({ body: { token, password } }) => {
  const userId = await consumePasswordReset(token);
  if (!userId) throw failure('auth.reset_link_invalid');
  await resetPassword(userId, password);
  const user = await findUserById(userId);
  if (user) {
    await markEmailVerified(userId, user.email);
    await clearLimit(limits.signInEmail, user.email);
  }
  return { ok: true };
});
