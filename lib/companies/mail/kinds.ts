import 'server-only';
import { outboxKinds } from '@/lib/core/mail/outbox';
import { storeName } from '@/lib/core/site';
import type { CompanyInvitationDoc } from '../collections';
import { invitationTokenOf } from '../invitation-token';
import { invitationMailData } from './invitation-data';
import { renderInvitationMail } from './invitation-mail';

/**
 * What each kind of company mail sends: the companies' part of the outbox registry, registered
 * with the kernel's outbox engine by lib/companies/invitations.ts and loaded only when a drain
 * needs it.
 */
export const companyMailKinds = outboxKinds<CompanyInvitationDoc>({
  // To the invited person, while the invitation is open: one accepted, revoked, replaced or
  // expired before its mail went out is not mailed.
  'company.invitation': async (doc, entry) => {
    if (!doc.open || doc.expiresAt.getTime() <= Date.now()) return null;
    const token = invitationTokenOf(doc);
    if (!token) return null;
    const mail = await renderInvitationMail(invitationMailData(doc, token, entry.origin), {
      origin: entry.origin,
      storeName,
    });
    return { to: doc.email, ...mail };
  },
});
