import { handle } from '@/lib/api/handle';
import { signUpOp } from '@/lib/accounts/api';
import { fieldError } from '@/lib/api/errors';
import { sendVerificationMail } from '@/lib/accounts';
import { signUpLimits } from '@/lib/accounts';
import { afterResponse } from '@/lib/core/background';
import { createPasswordUser } from '@/lib/accounts';
import { enforce } from '@/lib/core/rate-limit';
import { linkOrigin } from '@/lib/security';

/**
 * POST /api/signup: creates an email-and-password account (the client then signs in) and
 * mails a link that verifies the email, which leads back to the page the person signed up from
 * (`callbackUrl`, such as an invitation). An address in ADMIN_EMAILS stays a buyer, also once
 * the link is opened, until a password reset or a Google sign-in proves that whoever holds the
 * sign-in owns the mailbox; a Google sign-in with the same address takes an unverified account
 * over.
 */
export const POST = handle(signUpOp, async ({ request, body }) => {
  await enforce(signUpLimits(request, body.email));
  const created = await createPasswordUser(body);
  if (!created.ok) {
    throw fieldError('email', 'An account with this email already exists.', {
      code: 'conflict',
      summary: 'An account with this email already exists. Log in instead.',
    });
  }
  const user = created.user;
  const origin = linkOrigin();
  afterResponse('verify-email', () => sendVerificationMail(user, origin, body.callbackUrl));
  return { id: user.id, email: user.email, name: user.name };
});
