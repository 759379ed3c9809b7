import { ObjectId } from 'mongodb';
import type { CompanyRole } from '@/lib/companies';
import { createCompanyFor } from '@/lib/companies';
import { collections, getDb } from './db';
import { verifyEmail } from './factories';
import { createActor, type Actor } from './users';

/**
 * A company of its own (its owner verified) with one verified member per role given, each with
 * their approval limit (null: none): the company fixtures of the company, approval and
 * pay-on-account tests.
 */
export async function makeCompany(
  roles: ReadonlyArray<{ role: CompanyRole; limitCents?: number | null; name?: string }>,
  name = `Works ${new ObjectId().toHexString().slice(-6)} Ltd`,
): Promise<{ companyId: ObjectId; owner: Actor; members: Actor[] }> {
  const owner = await createActor('user', 'Olive Owner');
  await verifyEmail(owner.user);
  const created = await createCompanyFor(owner.user, {
    name,
    taxId: 'GB123456789',
    billingAddress: '12 Mill Road\nSheffield S1 2AB',
  });
  const companyId = new ObjectId(created._id);
  const { companyMembers, companies } = collections(await getDb());
  const members: Actor[] = [];
  for (const { role, limitCents = null, name: memberName } of roles) {
    const actor = await createActor('user', memberName ?? `Member ${role}`);
    await verifyEmail(actor.user);
    await companyMembers.insertOne({
      _id: new ObjectId(),
      companyId,
      userId: new ObjectId(actor.user.id),
      role,
      approvalLimitCents: limitCents,
      joinedAt: new Date(),
    });
    if (role === 'owner')
      await companies.updateOne({ _id: companyId }, { $inc: { ownerCount: 1 } });
    members.push(actor);
  }
  return { companyId, owner, members };
}
