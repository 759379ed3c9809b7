import type { CompanyInvitationDoc } from '../collections';
import { COMPANY_ROLE_LABELS, type CompanyRole } from '../roles';

/** What the invitation mail says, taken from the invitation when the mail is sent. */
export interface InvitationMailData {
  companyName: string;
  inviterName: string;
  /** The role offered, which the mail explains, and how the pages name it. */
  role: CompanyRole;
  roleLabel: string;
  approvalLimitCents: number | null;
  /** The join link with the single-use token. */
  link: string;
  expiresAt: Date;
}

/** The page an invitation's link opens, with its token. */
export function joinLink(origin: string, token: string): string {
  return new URL(`/dashboard/company/join?token=${encodeURIComponent(token)}`, origin).toString();
}

/** The mail data of an open invitation whose token is `token`, its link on `origin`. */
export function invitationMailData(
  doc: Pick<
    CompanyInvitationDoc,
    'companyName' | 'inviterName' | 'role' | 'approvalLimitCents' | 'expiresAt'
  >,
  token: string,
  origin: string,
): InvitationMailData {
  return {
    companyName: doc.companyName,
    inviterName: doc.inviterName,
    role: doc.role,
    roleLabel: COMPANY_ROLE_LABELS[doc.role],
    approvalLimitCents: doc.approvalLimitCents,
    link: joinLink(origin, token),
    expiresAt: doc.expiresAt,
  };
}
