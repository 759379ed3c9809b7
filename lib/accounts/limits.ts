import type { Limit } from '@/lib/core/rate-limit';
import { clientIp } from '@/lib/security';

const FIFTEEN_MINUTES = 15 * 60;

/**
 * Sign-in counts failures (a successful sign-in is given back): 30 per IP and 10 per email in
 * each 15-minute window. The per-email limit holds whatever IPs the attempts come from, so a
 * stranger gets at most 10 guesses per account per 15 minutes (960 a day); the price is that
 * the owner can be kept out until the end of the current window (at most 15 minutes), and a
 * password reset clears the email's window at once.
 */
export const limits = {
  signInIp: { name: 'signin:ip', max: 30, windowSeconds: FIFTEEN_MINUTES },
  signInEmail: { name: 'signin:email', max: 10, windowSeconds: FIFTEEN_MINUTES },
  verifyResendUser: { name: 'verify-resend:user', max: 3, windowSeconds: 60 * 60 },
  signUpIp: { name: 'signup:ip', max: 10, windowSeconds: 60 * 60 },
  signUpEmail: { name: 'signup:email', max: 5, windowSeconds: 60 * 60 },
  resetIp: { name: 'reset:ip', max: 10, windowSeconds: 60 * 60 },
  resetEmail: { name: 'reset:email', max: 3, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

type Check = { limit: Limit; key: string };

function perIpAndEmail(
  ipLimit: Limit,
  emailLimit: Limit,
  request: Request,
  email: string,
): Check[] {
  const checks: Check[] = [{ limit: ipLimit, key: clientIp(request) }];
  if (email) checks.push({ limit: emailLimit, key: email.trim() });
  return checks;
}

export const signInLimits = (request: Request, email: string) =>
  perIpAndEmail(limits.signInIp, limits.signInEmail, request, email);
export const signUpLimits = (request: Request, email: string) =>
  perIpAndEmail(limits.signUpIp, limits.signUpEmail, request, email);
export const resetLimits = (request: Request, email: string) =>
  perIpAndEmail(limits.resetIp, limits.resetEmail, request, email);
