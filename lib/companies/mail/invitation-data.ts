/** What the invitation mail says, taken from the invitation when the mail is sent. */
export interface InvitationMailData {
  companyName: string;
  inviterName: string;
  roleLabel: string;
  approvalLimitCents: number | null;
  /** The join link with the single-use token. */
  link: string;
  expiresAt: Date;
}
