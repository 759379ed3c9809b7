import { mailOrigin, renderMail, type RenderedMail } from '@/lib/core/mail/render';
import type { InvitationMailData } from './invitation-data';
import CompanyInvitationMail from './templates/company-invitation';

export type { InvitationMailData };

/**
 * The subject of each company mail: the store's own words only. An invitation goes to any
 * address its sender types, so nothing its sender wrote (the company's name, their own name)
 * is put where an inbox shows it as the store speaking; the body names them, escaped.
 */
export const companyMailSubjects = {
  'company.invitation': (_invitation: InvitationMailData, storeName: string) =>
    `Invitation to join a company account on ${storeName}`,
} satisfies Record<string, (invitation: InvitationMailData, storeName: string) => string>;

export type CompanyMailKind = keyof typeof companyMailSubjects;

/** Renders the invitation mail: subject, HTML and text, every link absolute on `origin`. */
export async function renderInvitationMail(
  invitation: InvitationMailData,
  { origin, storeName }: { origin: string; storeName: string },
): Promise<RenderedMail> {
  const { html, text } = await renderMail(
    <CompanyInvitationMail
      invitation={invitation}
      storeName={storeName}
      origin={mailOrigin(origin)}
    />,
  );
  return { subject: companyMailSubjects['company.invitation'](invitation, storeName), html, text };
}
