import { ObjectId } from 'mongodb';
import type { User } from '@/lib/accounts';
import type { CompanyRole } from '@/lib/companies';
import { parseId } from '@/lib/core/ids';
import { createCompanyFor } from '@/lib/companies';
import { collections, getDb } from './db';
import { verifyEmail } from './factories';
import { createActor, params, request, type Actor } from './users';

/**
 * A company of its own (its owner verified) with one member per role given, each with their
 * approval limit (null: none) and verified unless `verified: false`: the company fixtures of the
 * company, approval and pay-on-account tests.
 */
export async function makeCompany(
  roles: ReadonlyArray<{
    role: CompanyRole;
    limitCents?: number | null;
    name?: string;
    verified?: boolean;
  }>,
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
  for (const { role, limitCents = null, name: memberName, verified = true } of roles) {
    const actor = await createActor('user', memberName ?? `Member ${role}`);
    if (verified) await verifyEmail(actor.user);
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

/**
 * A new open invoice on account: the company put on net 30 invoiced at ordering (by `admin`),
 * an order of one line that `buyer` places on account, issued by the invoice job. Answers the
 * invoice's id.
 */
export async function openInvoiceOf(
  admin: Pick<User, 'id'>,
  companyId: string,
  buyer: User,
  product: { _id: string; minimumOrderQuantity: number },
): Promise<string> {
  const [{ setCompanyTerms }, { termsSchema }, { placeOrderOfLines }, billing, background] =
    await Promise.all([
      import('@/lib/terms'),
      import('@/lib/terms/schemas'),
      import('@/lib/orders'),
      import('@/lib/billing'),
      import('@/lib/core/background'),
    ]);
  await setCompanyTerms(
    admin,
    parseId(companyId)!,
    termsSchema.parse({ mode: 'net', netDays: 30, creditLimitCents: 1e12, invoiceOn: 'order' }),
  );
  const orderId = await placeOrderOfLines(
    buyer,
    {
      address: '12 Foundry Lane, Sheffield',
      phone: '01142345678',
      paymentMethod: 'account',
      lines: [{ productId: product._id, quantity: product.minimumOrderQuantity }],
    },
    'http://127.0.0.1',
  );
  await background.settleBackgroundWork();
  await billing.runInvoiceJob();
  const invoice = (await billing.listInvoices({ kind: 'admin' }, {})).items.find(
    (item) => item.orderId === orderId,
  );
  if (invoice?.status !== 'open') throw new Error(`the invoice of ${orderId} was not issued`);
  return invoice._id;
}

/** `PATCH /api/companies/me/members/{userId}` as `who`: its status and JSON body. */
export async function patchMember(
  who: { headers: Record<string, string> },
  userId: string,
  body: unknown,
) {
  const [{ PATCH }, { json }] = await Promise.all([
    import('@/app/api/companies/me/members/[userId]/route'),
    import('./orders'),
  ]);
  return json(
    PATCH(
      request(`/api/companies/me/members/${userId}`, {
        method: 'PATCH',
        headers: who.headers,
        json: body,
      }),
      params({ userId }),
    ),
  );
}
