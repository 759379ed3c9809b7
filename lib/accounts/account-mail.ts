import 'server-only';
import {
  createEmailVerification,
  VERIFICATION_TTL_MS,
} from '@/lib/accounts/store/email-verifications';
import { createPasswordReset, RESET_TTL_MS } from '@/lib/accounts/store/password-resets';
import type { User } from '@/lib/accounts/store/users';
import { safeCallbackPath } from '@/lib/accounts/access';
import { env } from '@/lib/core/env';
import { sendMail } from '@/lib/core/mail';
import { logger } from '@/lib/core/log';

type Recipient = Pick<User, 'id' | 'email' | 'name'>;

/** Without SMTP the link is also printed, so a local store can be used without a mail client. */
function logLinkLocally(kind: string, email: string, link: string) {
  if (!env.SMTP_URL) logger.info(`[${kind}] link for ${email}: ${link}`);
}

/**
 * The verification mail's link: the single-use token, and the page to come back to once it is
 * opened (`callbackUrl`, a safe path on the store only: the page the person signed up from, such
 * as an invitation's). The path is carried by the link, not stored with the token, so the
 * database never holds an invitation's token in the clear.
 */
export function verificationLink(origin: string, token: string, returnTo?: string | null): string {
  const back = safeCallbackPath(returnTo, '/');
  return `${origin}/api/verify-email?token=${token}${back === '/' ? '' : `&callbackUrl=${encodeURIComponent(back)}`}`;
}

/**
 * Mails a single-use link that proves the address (after sign-up, or "send again"); with
 * `returnTo`, opening it leads back to that page (see verificationLink).
 */
export async function sendVerificationMail(
  user: Recipient,
  origin: string,
  returnTo?: string | null,
): Promise<void> {
  const token = await createEmailVerification(user);
  const link = verificationLink(origin, token, returnTo);
  const hours = VERIFICATION_TTL_MS / 3_600_000;
  await sendMail({
    to: user.email,
    subject: `Verify your email for ${env.STORE_NAME}`,
    text: `Hello ${user.name || ''},\n\nOpen this link to verify your email address (valid for ${hours} hours, once):\n\n${link}\n\nIf you did not create an account at ${env.STORE_NAME}, ignore this mail.\n`,
  });
  logLinkLocally('verify-email', user.email, link);
}

/** Mails a single-use password-reset link. */
export async function sendPasswordResetMail(user: Recipient, origin: string): Promise<void> {
  const token = await createPasswordReset(user.id);
  const link = `${origin}/reset-password?token=${token}`;
  const minutes = RESET_TTL_MS / 60_000;
  await sendMail({
    to: user.email,
    subject: `Reset your ${env.STORE_NAME} password`,
    text: `Hello ${user.name || ''},\n\nOpen this link to choose a new password (valid for ${minutes} minutes, once):\n\n${link}\n\nIf you did not ask for this, ignore this mail; your password stays as it is.\n`,
  });
  logLinkLocally('password-reset', user.email, link);
}
