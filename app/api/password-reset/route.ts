import { NextResponse } from 'next/server';
import { parseWith, readJson, route } from '@/lib/api/handler';
import { resetLimits } from '@/lib/auth/limits';
import { createPasswordReset, RESET_TTL_MS } from '@/lib/data/password-resets';
import { findUserByEmail } from '@/lib/data/users';
import { env } from '@/lib/env';
import { sendMail } from '@/lib/mail';
import { enforce } from '@/lib/rate-limit';
import { resetRequestSchema } from '@/lib/validation/auth';

/**
 * POST /api/password-reset: mails a single-use reset link. The answer is the same whether or
 * not an account exists, so it reveals nothing.
 */
export const POST = route(async (request) => {
  const { email } = parseWith(resetRequestSchema, await readJson(request));
  await enforce(resetLimits(request, email));

  const user = await findUserByEmail(email);
  if (user) {
    const token = await createPasswordReset(user.id);
    // Links use AUTH_URL when set: never a Host header an attacker could choose.
    const origin = env.AUTH_URL ? new URL(env.AUTH_URL).origin : new URL(request.url).origin;
    const link = `${origin}/reset-password?token=${token}`;
    const minutes = RESET_TTL_MS / 60_000;
    await sendMail({
      to: user.email,
      subject: `Reset your ${env.STORE_NAME} password`,
      text: `Hello ${user.name || ''},\n\nOpen this link to choose a new password (valid for ${minutes} minutes, once):\n\n${link}\n\nIf you did not ask for this, ignore this mail; your password stays as it is.\n`,
    }).catch((error: unknown) => {
      // Answered the same either way; the failure is for the operator.
      console.error(
        '[password-reset] mail failed:',
        error instanceof Error ? error.message : error,
      );
    });
    if (!env.SMTP_URL) console.info(`[password-reset] link for ${user.email}: ${link}`);
  }
  return NextResponse.json({ ok: true });
});
