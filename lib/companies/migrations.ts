import type { Db } from 'mongodb';
import { collections as kernel } from '@/lib/core/collections';
import { collections, type CompanyMemberDoc } from './collections';

/**
 * Memberships of accounts removed before removing an account ended its membership (lib/companies
 * /for-accounts.ts): such a membership still counted its person among the company's owners, so
 * the company's last real owner could never leave and a company could have no real owner. Each
 * one goes, one delete each, its owner taken off `ownerCount` only by the run whose delete took
 * it (so running again, or on several instances at once, changes nothing more); the company's
 * Stripe customer, if it has one, is marked to follow its members (as `payerChanged` marks it;
 * the invoice job brings it in step). Invitations such a person sent are refused at accept
 * already (the sender is no member), and closed then.
 */
export async function dropMembershipsOfRemovedAccounts(db: Db): Promise<void> {
  const { companies, companyMembers } = collections(db);
  const ghosts = await companyMembers
    .aggregate<Pick<CompanyMemberDoc, '_id' | 'companyId' | 'role'>>([
      { $lookup: { from: 'users', localField: 'userId', foreignField: '_id', as: 'account' } },
      { $match: { account: { $size: 0 } } },
      { $project: { companyId: 1, role: 1 } },
    ])
    .toArray();
  for (const ghost of ghosts) {
    const { deletedCount } = await companyMembers.deleteOne({ _id: ghost._id });
    if (deletedCount !== 1) continue;
    if (ghost.role === 'owner') {
      await companies.updateOne(
        { _id: ghost.companyId, ownerCount: { $gte: 1 } },
        { $inc: { ownerCount: -1 } },
      );
    }
    await kernel(db).stripeCustomers.updateOne(
      { _id: `company:${ghost.companyId.toHexString()}`, staleSince: { $exists: false } },
      { $set: { staleSince: new Date() } },
    );
  }
}
