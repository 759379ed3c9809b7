import { handle } from '@/lib/api/handle';
import { requestPasswordResetOp } from '@/lib/accounts/api';
import { failure } from '@/lib/api/errors';
import { sendPasswordResetMail } from '@/lib/accounts';
import { resetLimits } from '@/lib/accounts';
import { afterResponse } from '@/lib/core/background';
import { findUserByEmail } from '@/lib/accounts';
import { mailServerReachable } from '@/lib/core/mail';
import { enforce } from '@/lib/core/rate-limit';
import { linkOrigin } from '@/lib/security';

/**
 * POST /api/password-reset: mails a single-use reset link. The answer is the same, and takes
 * the same time, whether or not an account exists: looking the account up and mailing happen
 * after the response is sent. Before answering, the mail server is checked (the same check for
 * every email, so it reveals nothing): when it cannot be reached the person is told so (502)
 * instead of waiting for a mail that will not come.
 */
export const POST = handle(requestPasswordResetOp, async ({ request, body: { email } }) => {
  await enforce(resetLimits(request, email));
  if (!(await mailServerReachable())) throw failure('auth.reset_mail_unavailable');
  const origin = linkOrigin();
  afterResponse('password-reset', async () => {
    const user = await findUserByEmail(email);
    if (user) await sendPasswordResetMail(user, origin);
  });
  return { ok: true };
});
