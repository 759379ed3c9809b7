import 'server-only';
import { ObjectId } from 'mongodb';
import type { Id } from '@/lib/core/ids';
import { refuse } from '@/lib/core/refusal';
import { closeInvitationsSentBy } from './invitations';
import { requireCompanyAction, requireMembership, type Person } from './membership';
import { can } from './roles';
import type { CompanyMember } from './shared';
import { memberView } from './views';
import {
  changeMember,
  deleteMember,
  findMemberIn,
  listMembersOf,
  type CompanyMemberDoc,
} from './store';
import type { UpdateMemberInput } from './validation/members';

/**
 * The members of the caller's company: listing them (any member), changing a role or an
 * approval limit and removing someone (`manageMembers`), and leaving. The company always keeps
 * an owner: the last one can be neither demoted nor removed, and cannot leave (a guarded count,
 * `ownerCount`, decides it even for two changes at once).
 */

/** `GET /api/companies/me/members`: every member of the caller's company. */
export async function listMembers(person: Person): Promise<{ items: CompanyMember[] }> {
  const { company } = await requireMembership(person);
  const members = await listMembersOf(company._id);
  return { items: await Promise.all(members.map(memberView)) };
}

/** How often a change is decided again when the member changed meanwhile. */
const ATTEMPTS = 5;

/**
 * An owner cannot lower their own limits (409 `company.own_limit`): with a lower limit, their
 * orders above it would wait for an approval only someone else can give, holding stock all the
 * while. Raising them, or no limit (null, what lets them order alone), stays theirs to set; the
 * same limit sent again changes nothing; another owner may limit them.
 */
function assertNotLimitingSelf(member: CompanyMemberDoc, input: UpdateMemberInput): void {
  const lowers = (next: number | null | undefined, now: number | null) =>
    next !== undefined && next !== null && (now === null || next < now);
  if (
    lowers(input.approvalLimitCents, member.approvalLimitCents) ||
    lowers(input.monthlyLimitCents, member.monthlyLimitCents ?? null)
  ) {
    throw refuse('company.own_limit');
  }
}

/**
 * `PATCH /api/companies/me/members/{userId}`: a member's role, approval limit and monthly
 * limit. 404 for anyone not in the caller's company; 409 `company.last_owner` for demoting the
 * last owner, `company.own_limit` for limiting oneself.
 */
export async function updateMember(
  person: Person,
  userId: Id,
  input: UpdateMemberInput,
): Promise<CompanyMember> {
  const { company } = await requireCompanyAction(person, 'manageMembers');
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const member = await findMemberIn(company._id, new ObjectId(userId));
    if (!member) throw refuse('company.member_not_found');
    if (person.id === userId) assertNotLimitingSelf(member, input);
    const changed = await changeMember(member, input);
    if (changed.ok) {
      await closeInvitationsSentBy(company._id, member.userId, changed.member.role);
      return memberView(changed.member);
    }
    if (changed.reason === 'last_owner') throw refuse('company.last_owner');
  }
  throw new Error(`Member ${userId} kept changing while their role was being changed`);
}

/**
 * `DELETE /api/companies/me/members/{userId}`: removes a member (`manageMembers`), or the
 * caller leaves (their own user id). One delete of the membership: the person loses access
 * from their next request on; their orders stay with the company. 409 `company.last_owner`
 * for the last owner.
 */
export async function removeMember(person: Person, userId: Id): Promise<void> {
  const { company, member: caller } = await requireMembership(person);
  const leaving = caller.userId.toHexString() === userId;
  if (!leaving && !can(caller.role, 'manageMembers')) throw refuse('company.not_allowed');
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const member = await findMemberIn(company._id, new ObjectId(userId));
    if (!member) throw refuse('company.member_not_found');
    const removed = await deleteMember(member);
    if (removed.ok) return closeInvitationsSentBy(company._id, member.userId, null);
    if (removed.reason === 'last_owner') throw refuse('company.last_owner');
  }
  throw new Error(`Member ${userId} kept changing while being removed`);
}
