import type { Limit } from '@/lib/rate-limit';
import { clientIp } from '@/lib/request';

const FIFTEEN_MINUTES = 15 * 60;

export const limits = {
  signInIp: { name: 'signin:ip', max: 30, windowSeconds: FIFTEEN_MINUTES },
  signInEmail: { name: 'signin:email', max: 10, windowSeconds: FIFTEEN_MINUTES },
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
