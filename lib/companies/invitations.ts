import 'server-only';
import { ObjectId } from 'mongodb';
import { findUserByEmail, findUserById, type User } from '@/lib/accounts';
import type { Id } from '@/lib/core/ids';
import { queueMail, registerOutboxKinds, scheduleOutboxDrain } from '@/lib/core/mail/outbox';
import { refusalText, refuse } from '@/lib/core/refusal';
import { hashSingleUseToken } from '@/lib/core/single-use-token';
import { newInvitationToken } from './invitation-token';
import {
  claimInvitation,
  closeInvitation,
  closeInvitationsFrom,
  countOpenInvitations,
  findOpenInvitation,
  listOpenInvitations,
  replaceInvitation,
  unclaimInvitation,
  type CompanyInvitationDoc,
} from './invitations-store';
import { companyView, requireCompanyAction, type Person } from './membership';
import { can, COMPANY_ROLES, type CompanyRole } from './roles';
import {
  INVITATION_TTL_DAYS,
  MAX_OPEN_INVITATIONS,
  type CompanyInvitation,
  type MyCompany,
} from './shared';
import { addMember, countMembers, findCompany, findMemberIn, findMembership } from './store';
import { acceptInvitationSchema, type InviteMemberInput } from './validation/members';

/**
 * The kinds of mail queued on invitations, registered with the kernel's outbox engine as soon
 * as the invitations are loaded; the templates load only when a drain needs them.
 */
registerOutboxKinds(
  'companyInvitations',
  async () => (await import('./mail/kinds')).companyMailKinds,
);

/** The kinds of company mail the outbox sends, with their templates (loaded on demand). */
export async function loadCompanyMailKinds() {
  return (await import('./mail/kinds')).companyMailKinds;
}

/**
 * Invitations into the caller's company: an owner (`manageMembers`) whose email is verified
 * invites an email as a role, the person gets a mail with a single-use link valid 7 days (queued
 * in the invitation's insert, sent by the outbox), and joins by accepting it while signed in
 * with that email. Inviting the same email again replaces the open invitation (its link stops
 * working). An invitation lives only as long as its sender's authority: removing or demoting
 * the sender closes it (`closeInvitationsSentBy`), and accepting checks the sender once more.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

function invitationView(doc: CompanyInvitationDoc): CompanyInvitation {
  return {
    _id: doc._id.toHexString(),
    email: doc.email,
    role: doc.role,
    approvalLimitCents: doc.approvalLimitCents,
    invitedAt: doc.invitedAt.toISOString(),
    expiresAt: doc.expiresAt.toISOString(),
  };
}

/**
 * Whether a member whose role is `inviterRole` may invite someone as `role`: their role manages
 * members, and only an owner makes an owner.
 */
export function mayInvite(inviterRole: CompanyRole, role: CompanyRole): boolean {
  return can(inviterRole, 'manageMembers') && (role !== 'owner' || inviterRole === 'owner');
}

/**
 * Closes the open invitations `inviterId` sent into the company that their role `nowRole` no
 * longer lets them send (every one when `nowRole` is null: they left or were removed), recording
 * why on each. Called by whatever removes a member or changes their role.
 */
export async function closeInvitationsSentBy(
  companyId: ObjectId,
  inviterId: ObjectId,
  nowRole: CompanyRole | null,
): Promise<void> {
  const roles = COMPANY_ROLES.filter((role) => nowRole === null || !mayInvite(nowRole, role));
  await closeInvitationsFrom(
    companyId,
    inviterId,
    roles,
    nowRole === null ? 'inviter_removed' : 'inviter_role_changed',
  );
}

/**
 * `POST /api/companies/me/invitations`: invites `email` as `role`. 403 when the caller's email
 * is not verified; 409 when the person already belongs to this company or another, or the
 * company has 50 open invitations.
 */
export async function inviteMember(
  inviter: Pick<User, 'id' | 'name' | 'emailVerified'>,
  input: InviteMemberInput,
  origin: string,
): Promise<CompanyInvitation> {
  const { company, member } = await requireCompanyAction(inviter, 'manageMembers');
  if (!mayInvite(member.role, input.role)) throw refuse('company.not_allowed');
  if (!inviter.emailVerified) {
    throw refuse('company.invite_unverified', { details: { emailVerified: false } });
  }
  const email = input.email.toLowerCase();
  const invitee = await findUserByEmail(email);
  const membership = invitee ? await findMembership(new ObjectId(invitee.id)) : null;
  if (membership) {
    throw refuse(
      membership.companyId.equals(company._id)
        ? 'company.invitee_already_member'
        : 'company.invitee_in_other_company',
      { params: { email } },
    );
  }
  const now = new Date();
  if ((await countOpenInvitations(company._id, email, now)) >= MAX_OPEN_INVITATIONS) {
    throw refuse('company.too_many_invitations', { params: { max: MAX_OPEN_INVITATIONS } });
  }
  const { tokenSeed, tokenHash } = newInvitationToken();
  const doc: CompanyInvitationDoc = {
    _id: new ObjectId(),
    companyId: company._id,
    email,
    role: input.role,
    approvalLimitCents: input.approvalLimitCents ?? null,
    invitedBy: new ObjectId(inviter.id),
    inviterName: inviter.name,
    companyName: company.name,
    invitedAt: now,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * DAY_MS),
    tokenHash,
    tokenSeed,
    open: true,
    outbox: queueMail('company.invitation', { origin, now }).outbox.$each,
  };
  await replaceInvitation(doc);
  scheduleOutboxDrain();
  return invitationView(doc);
}

/** `GET /api/companies/me/invitations`: the open ones, the newest first. */
export async function listInvitations(person: Person): Promise<{ items: CompanyInvitation[] }> {
  const { company } = await requireCompanyAction(person, 'manageMembers');
  return { items: (await listOpenInvitations(company._id)).map(invitationView) };
}

/** `DELETE /api/companies/me/invitations/{invitationId}`: its link stops working. */
export async function revokeInvitation(person: Person, invitationId: Id): Promise<void> {
  const { company } = await requireCompanyAction(person, 'manageMembers');
  if (!(await closeInvitation(company._id, new ObjectId(invitationId)))) {
    throw refuse('company.invitation_not_found');
  }
}

/**
 * The sender's authority now: their account still exists, and their membership's role (null
 * when they left or were removed) still lets them invite as the invitation's role.
 */
async function senderAuthority(
  invitation: CompanyInvitationDoc,
): Promise<{ role: CompanyRole | null; mayStillInvite: boolean }> {
  const sender = (await findUserById(invitation.invitedBy.toHexString()))
    ? await findMemberIn(invitation.companyId, invitation.invitedBy)
    : null;
  return {
    role: sender?.role ?? null,
    mayStillInvite: sender !== null && mayInvite(sender.role, invitation.role),
  };
}

/** What a join link shows before it is accepted: the company's name and the role, nothing else. */
export interface InvitationPreview {
  companyName: string;
  role: CompanyRole;
}

/** The page an invitation's link opens (lib/companies/mail/invitation-mail.ts builds the link). */
const JOIN_PATH = '/dashboard/company/join';

/**
 * The invitation token of a path on the store when it is an invitation's join link
 * (`/dashboard/company/join?token=…`), else null: the sign-in and sign-up pages read their
 * callback path with it to show the invitation the person came from.
 */
export function invitationTokenInPath(path: string): string | null {
  let url: URL;
  try {
    url = new URL(path, 'http://store.invalid');
  } catch {
    return null;
  }
  if (url.pathname !== JOIN_PATH) return null;
  return url.searchParams.get('token') || null;
}

/**
 * What an invitation's link shows, signed in or out, before anyone accepts it: the company it
 * joins (its name now) and the role, for an invitation that accepting could use (open, not
 * expired, its company still there, its sender still allowed to invite as its role); null for
 * any other token, alike whatever the reason, as the accept's refusal is. Read-only (an
 * invitation whose sender lost the right is closed by the accept, not here), and it never
 * reveals the address the invitation was sent to, nor anything about the person who opens it.
 */
export async function previewInvitation(token: string): Promise<InvitationPreview | null> {
  if (!acceptInvitationSchema.safeParse({ token }).success) return null;
  const invitation = await findOpenInvitation(hashSingleUseToken(token), new Date());
  if (!invitation) return null;
  const company = await findCompany(invitation.companyId);
  if (!company || !(await senderAuthority(invitation)).mayStillInvite) return null;
  return { companyName: company.name, role: invitation.role };
}

/**
 * What the sign-in and sign-up pages show of the invitation they were sent from: the preview, or
 * the accept's refusal words when the link can no longer be used.
 */
export type InvitationView = InvitationPreview | { refusal: string };

/**
 * The invitation of a sign-in or sign-up whose callback path is an invitation's join link
 * (see invitationTokenInPath); null for any other path.
 */
export async function invitationOfCallback(path: string): Promise<InvitationView | null> {
  const token = invitationTokenInPath(path);
  if (token === null) return null;
  return (
    (await previewInvitation(token)) ?? {
      refusal: refusalText({ key: 'company.invitation_not_found' }),
    }
  );
}

/**
 * `POST /api/companies/invitations/accept`: the signed-in person joins the company of the
 * invitation whose link carries `token`, as its role. Checked before the invitation is used
 * (a refusal leaves it usable): it is open, it was sent to the caller's email (403 otherwise),
 * the caller belongs to no company (409), and its sender may still invite as its role (their
 * account and membership still exist, in a role that allows it; otherwise it is closed and
 * answered like a closed one, 404). Then one conditional update uses it up, so it is
 * accepted once, also when two accepts race; the unique user id of memberships keeps the
 * person in one company (the invitation is given back if they joined another meanwhile).
 */
export async function acceptInvitation(
  user: Pick<User, 'id' | 'email'>,
  token: string,
): Promise<MyCompany> {
  const now = new Date();
  const invitation = await findOpenInvitation(hashSingleUseToken(token), now);
  if (!invitation) throw refuse('company.invitation_not_found');
  if (invitation.email !== user.email.toLowerCase()) {
    throw refuse('company.invitation_other_email');
  }
  const userId = new ObjectId(user.id);
  if (await findMembership(userId)) throw refuse('company.already_member');
  if (!(await findCompany(invitation.companyId))) throw refuse('company.invitation_not_found');
  const sender = await senderAuthority(invitation);
  if (!sender.mayStillInvite) {
    await closeInvitationsSentBy(invitation.companyId, invitation.invitedBy, sender.role);
    throw refuse('company.invitation_not_found');
  }
  if (!(await claimInvitation(invitation._id, userId, now))) {
    throw refuse('company.invitation_not_found');
  }
  const joined = await addMember({
    companyId: invitation.companyId,
    userId,
    role: invitation.role,
    approvalLimitCents: invitation.approvalLimitCents,
    joinedAt: now,
  });
  if (!joined.ok) {
    await unclaimInvitation(invitation._id, userId);
    throw refuse('company.already_member');
  }
  const company = await findCompany(invitation.companyId);
  if (!company) throw refuse('company.none');
  return companyView(company, joined.member, await countMembers(company._id));
}
