import {
  ActionButton,
  Facts,
  InlineLink,
  MailLayout,
  Paragraph,
  Rule,
} from '@/lib/core/mail/parts';
import { formatMoment } from '@/lib/core/dates';
import { formatMoney } from '@/lib/core/money';
import type { InvitationMailData } from '../invitation-data';

/**
 * To the person invited into a company: who invites them, into which company and as what, and
 * the single-use link that lets them join (valid until `expiresAt`). The company's and the
 * inviter's names are their sender's words: they appear in the body only (React escapes them),
 * never in the subject or the preview line an inbox lists beside it.
 */
export default function CompanyInvitationMail({
  invitation,
  storeName,
  origin,
}: {
  invitation: InvitationMailData;
  storeName: string;
  origin: string;
}) {
  const { companyName, inviterName, roleLabel, approvalLimitCents, link, expiresAt } = invitation;
  return (
    <MailLayout
      storeName={storeName}
      origin={origin}
      preview={`An invitation to order for a company account on ${storeName}.`}
      heading={`An invitation to a company account on ${storeName}`}
    >
      <Paragraph>
        You are invited to join a company’s account on {storeName} as {roleLabel.toLowerCase()}.
        Sign in (or create an account) with this email address, then open the link to join.
      </Paragraph>
      <ActionButton href={link}>Join the company</ActionButton>
      <Facts
        rows={[
          ['Company', companyName],
          ['Invited by', inviterName],
          ['Role', roleLabel],
          [
            'Approval limit',
            approvalLimitCents === null
              ? null
              : `${formatMoney(approvalLimitCents)} an order without an approval`,
          ],
          ['Link valid until', formatMoment(expiresAt)],
        ]}
      />
      <Rule />
      <Paragraph>
        The company’s name and the inviter’s name above were typed by the person who invited
        you, not by us. An invitation never asks you to pay anything. The link works once. If you did
        not expect this invitation, ignore this mail: nothing happens unless you open the link. Or write to us from{' '}
        <InlineLink href={new URL('/contactus', origin).toString()}>our contact page</InlineLink>.
      </Paragraph>
    </MailLayout>
  );
}
