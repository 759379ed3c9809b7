import type { Limit } from '@/lib/core/rate-limit';

/**
 * Invitations sent per member and hour (each mails someone), and accepts tried per person and
 * hour (a guessed token is refused long before it could be found). Enforced by the rate-limit
 * engine (lib/core/rate-limit.ts).
 */
export const inviteLimit = {
  name: 'company-invite:user',
  max: 60,
  windowSeconds: 60 * 60,
} satisfies Limit;

export const acceptInvitationLimit = {
  name: 'company-accept:user',
  max: 30,
  windowSeconds: 60 * 60,
} satisfies Limit;
