import 'server-only';
import {
  createEmailVerification,
  VERIFICATION_TTL_MS,
} from '@/lib/accounts/store/email-verifications';
import { createPasswordReset, RESET_TTL_MS } from '@/lib/accounts/store/password-resets';
import type { User } from '@/lib/accounts/store/users';
import { env } from '@/lib/core/env';
import { sendMail } from '@/lib/core/mail';
import { logger } from '@/lib/core/log';

type Recipient = Pick<User, 'id' | 'email' | 'name'>;

/** Without SMTP the link is also printed, so a local store can be used without a mail client. */
function logLinkLocally(kind: string, email: string, link: string) {
  if (!env.SMTP_URL) logger.info(`[${kind}] link for ${email}: ${link}`);
}

/** Mails a single-use link that proves the address (after sign-up, or "send again"). */
export async function sendVerificationMail(user: Recipient, origin: string): Promise<void> {
  const token = await createEmailVerification(user);
  const link = `${origin}/api/verify-email?token=${token}`;
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
