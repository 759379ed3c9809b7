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
 * the single-use link that lets them join (valid until `expiresAt`).
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
      preview={`${inviterName} invites you to order for ${companyName}.`}
      heading={`Join ${companyName} on ${storeName}`}
    >
      <Paragraph>
        {inviterName} invites you to join {companyName}’s company account as{' '}
        {roleLabel.toLowerCase()}. Sign in (or create an account) with this email address, then open
        the link to join.
      </Paragraph>
      <ActionButton href={link}>Join {companyName}</ActionButton>
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
        The link works once. If you did not expect this invitation, ignore this mail: nothing
        happens unless you open the link. Or write to us from{' '}
        <InlineLink href={new URL('/contactus', origin).toString()}>our contact page</InlineLink>.
      </Paragraph>
    </MailLayout>
  );
}
