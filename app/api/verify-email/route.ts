import { NextResponse } from 'next/server';
import { handle } from '@/lib/api/handle';
import { resendVerificationOp, verifyEmailOp, verifyEmailQuerySchema } from '@/lib/accounts/api';
import { failure } from '@/lib/api/errors';
import { afterVerificationPath, sendVerificationMail } from '@/lib/accounts';
import { limits } from '@/lib/accounts';
import { consumeEmailVerification } from '@/lib/accounts';
import { enforce } from '@/lib/core/rate-limit';
import { linkOrigin } from '@/lib/security';
import { errorText, logger } from '@/lib/core/log';

/**
 * GET /api/verify-email?token=…[&callbackUrl=…]: the link of the verification mail. Uses the
 * single-use token up and sends the person back to the page they signed up from (the link's
 * `callbackUrl`, such as an invitation) or to My Profile, with whether it worked
 * (`verified=1`, `already` or `invalid`; an invalid link always goes to My Profile).
 */
export const GET = handle(
  verifyEmailOp,
  async ({ request }) => {
    const search = new URL(request.url).searchParams;
    const query = verifyEmailQuerySchema.safeParse({
      token: search.get('token') ?? '',
      callbackUrl: search.get('callbackUrl') ?? undefined,
    });
    const verification = query.success
      ? await consumeEmailVerification(query.data.token)
      : ({ ok: false, reason: 'invalid' } as const);
    const result = verification.ok ? '1' : verification.reason;
    const target = new URL(
      afterVerificationPath(result, query.success ? query.data.callbackUrl : null),
      linkOrigin(),
    );
    return NextResponse.redirect(target, 303);
  },
  // A bad or missing token is a redirect with the outcome, not a 400.
  { ownQuery: true },
);

/**
 * POST /api/verify-email: "send again" from My Profile, for the signed-in person's own email
 * only; at most 3 an hour.
 */
export const POST = handle(resendVerificationOp, async ({ user }) => {
  if (user.emailVerified) throw failure('auth.already_verified');
  await enforce([{ limit: limits.verifyResendUser, key: user.id }]);
  try {
    await sendVerificationMail(user, linkOrigin());
  } catch (error) {
    logger.error(`[verify-email] mail failed: ${errorText(error)}`);
    throw failure('auth.verification_mail_failed');
  }
  return { ok: true };
});
