import 'server-only';
import { ObjectId } from 'mongodb';
import { refuse } from '@/lib/core/refusal';
import { closeInvitationsSentBy } from './invitations';
import {
  deleteMember,
  deleteOnlyMember,
  findCompany,
  findMembership,
  restoreMember,
  type CompanyMemberDoc,
} from './store';

/**
 * What removing an account (the store admin's Remove User, DELETE /api/user/{email}) asks of
 * companies. The account's membership ends first, by the rules of removing a member: an owner
 * leaves only while the company keeps another owner (the guarded `ownerCount`), so a removed
 * account never stays behind as a ghost owner. The last owner of a company that has other
 * members is refused (409 `user.company_last_owner`): the store admin makes another member an
 * owner, or removes the other members, first. The only member of a company (its owner) may go:
 * the company stays with no member, as the record its orders and invoices point to.
 *
 * Accounts do not import companies (companies read accounts), so the route that removes the
 * account puts the two together: `endMembershipOfAccount`, then the account, then `finish()`
 * (the invitations the person sent are closed, as when a member is removed), or `restore()`
 * when the account was not removed after all (another admin changing it at the same moment).
 */

/** How often the removal is decided again when the member changed meanwhile. */
const ATTEMPTS = 5;

/** A membership ended for an account's removal: finished once the account is gone, or put back. */
export interface EndedMembership {
  finish(): Promise<void>;
  restore(): Promise<void>;
}

async function removeForAccount(member: CompanyMemberDoc, email: string): Promise<boolean> {
  const removed = await deleteMember(member);
  if (removed.ok) return true;
  if (removed.reason === 'changed') return false;
  const only = await deleteOnlyMember(member);
  if (only.ok) return true;
  if (only.reason === 'others') {
    const company = await findCompany(member.companyId);
    throw refuse('user.company_last_owner', {
      params: { email, company: company?.name ?? member.companyId.toHexString() },
    });
  }
  return false;
}

/**
 * Ends the membership of the account `userId` (whose address is `email`) before the account is
 * removed; null when the person belongs to no company. Refuses the last owner of a company
 * that has other members.
 */
export async function endMembershipOfAccount(
  userId: string,
  email: string,
): Promise<EndedMembership | null> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const member = await findMembership(new ObjectId(userId));
    if (!member) return null;
    if (await removeForAccount(member, email)) {
      return {
        finish: () => closeInvitationsSentBy(member.companyId, member.userId, null),
        restore: () => restoreMember(member),
      };
    }
  }
  throw new Error(`The membership of ${userId} kept changing while the account was being removed`);
}
