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
import type { CompanyRole } from '../../roles';
import type { InvitationMailData } from '../invitation-data';

/**
 * What each role offered does, as the invitation's first sentence goes on: "...as a buyer: you
 * would place orders for the company" (the roles' table is lib/companies/roles.ts).
 */
const roleWords: Record<CompanyRole, string> = {
  owner:
    'as an owner: you would run the company’s account with its other owners (its members, addresses, orders, approvals and invoices)',
  approver: 'as an approver: you would approve or reject colleagues’ orders above their limits',
  buyer: 'as a buyer: you would place orders for the company',
  accounts: 'in accounts: you would see the company’s orders and invoices, and pay them',
};

/**
 * To the person invited into a company: as what, and what that role does; who invites them and
 * into which company, right below, labelled; and the single-use link that lets them join (valid
 * until `expiresAt`). The company's and the inviter's names are their sender's words: they
 * appear once each in the body, labelled beside a warning (React escapes them), never in the
 * subject, the preview line an inbox lists beside it, or a sentence of the store's.
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
  const { companyName, inviterName, role, roleLabel, approvalLimitCents, link, expiresAt } =
    invitation;
  return (
    <MailLayout
      storeName={storeName}
      origin={origin}
      preview={`An invitation to order for a company account on ${storeName}.`}
      heading={`An invitation to a company account on ${storeName}`}
    >
      <Paragraph>
        You are invited to join a company’s account on {storeName} {roleWords[role]}. Who invites
        you, and to which company, is below.
      </Paragraph>
      <Facts
        rows={[
          ['Company', companyName],
          ['Invited by', inviterName],
          ['Role', roleLabel],
          [
            'Approval limit',
            approvalLimitCents === null
              ? null
              : `${formatMoney(approvalLimitCents)} an order; a larger order waits for an approver`,
          ],
          ['Link valid until', formatMoment(expiresAt)],
        ]}
      />
      <Paragraph>
        To join, open the link and sign in with this email address, or create an account with it.
      </Paragraph>
      <ActionButton href={link}>Join the company</ActionButton>
      <Rule />
      <Paragraph>
        The company’s name and the inviter’s name above were typed by the person who invited you,
        not by us. An invitation never asks you to pay anything. The link works once. If you did not
        expect this invitation, ignore this mail: nothing happens unless you open the link. Or write
        to us from{' '}
        <InlineLink href={new URL('/contactus', origin).toString()}>our contact page</InlineLink>.
      </Paragraph>
    </MailLayout>
  );
}
