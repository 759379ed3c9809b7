import { ObjectId, type Db } from 'mongodb';
import { DAY_MS, SEEDED, seededRandom, writeInBatches, type Seeded } from '@/lib/core/seed-data';
import {
  collections,
  type CompanyDoc,
  type CompanyMemberDoc,
  type ShippingAddressDoc,
} from './collections';
import type { CompanyRole } from './roles';

/**
 * Generated companies for trying the store at scale (`npm run seed -- --companies N`,
 * scripts/lib/seed-scale.ts): companies as POST /api/companies makes them, with a billing
 * address, one to three shipping addresses and a tax id, and two to six members as invitations
 * make them: one owner, buyers (some with an approval limit), often an approver and an accounts
 * member. Each is marked `seeded`; a new run removes them (and every membership and invitation
 * of theirs) first. Deterministic: the same count gives the same companies.
 */

/** One member of a generated company, before the person exists. */
export interface MemberPlan {
  role: CompanyRole;
  approvalLimitCents: number | null;
  joinedAt: Date;
}

/** A generated company, before its members exist. */
export interface CompanyPlan {
  _id: ObjectId;
  name: string;
  taxId: string | null;
  billingAddress: string;
  shippingAddresses: ShippingAddressDoc[];
  createdAt: Date;
  /** The first is the owner. */
  members: MemberPlan[];
}

const NAME_FIRST = [
  'Northgate',
  'Ironbridge',
  'Albion',
  'Kestrel',
  'Meridian',
  'Harbour',
  'Summit',
  'Redcliff',
  'Blackwater',
  'Eastwood',
  'Granite',
  'Silverline',
  'Oakfield',
  'Westmark',
  'Falcon',
  'Riverside',
  'Crown',
  'Beacon',
  'Lakeside',
  'Stonebridge',
  'Highland',
  'Cobalt',
  'Vanguard',
  'Sterling',
] as const;
const NAME_SECOND = [
  'Precision',
  'Engineering',
  'Fabrication',
  'Hydraulics',
  'Automation',
  'Machining',
  'Motors',
  'Pumps',
  'Conveyors',
  'Tooling',
  'Industrial',
  'Drives',
  'Systems',
  'Components',
  'Agritech',
] as const;
const FORMS = ['Ltd', 'GmbH', 'Inc.', 'LLC', 'B.V.', 'S.A.'] as const;
const STREETS = [
  'Mill Road',
  'Foundry Lane',
  'Canal Street',
  'Station Road',
  'Industriestraße',
  'Harbour Way',
  'Quarry Road',
  'Works Lane',
  'Enterprise Park',
  'Forge Street',
  'Dock Road',
  'Kiln Lane',
] as const;
const TOWNS = [
  'Sheffield S1 2AB',
  'Leeds LS11 5QP',
  'Birmingham B6 7JJ',
  'Dortmund 44145',
  'Stuttgart 70469',
  'Rotterdam 3089 KR',
  'Lyon 69007',
  'Cleveland, OH 44114',
  'Toledo, OH 43604',
  'Gdańsk 80-001',
] as const;
const DEPOTS = ['Main works', 'Warehouse', 'Assembly hall', 'North site', 'Service depot'] as const;

/** A tax id as invoices print them: a UK or German VAT number, a US EIN, or none. */
function taxIdOf(random: ReturnType<typeof seededRandom>): string | null {
  const digits = (count: number) => Array.from({ length: count }, () => random.int(0, 9)).join('');
  return random.weighted<string | null>([
    [`GB${digits(9)}`, 4],
    [`DE${digits(9)}`, 3],
    [`${digits(2)}-${digits(7)}`, 2],
    [null, 1],
  ]);
}

/** `count` companies, created between about 2 and 3 years before `now`. */
export function planCompanies(count: number, now: Date): CompanyPlan[] {
  const random = seededRandom(0xc0_0001);
  const seen = new Set<string>();
  const address = () => `${random.int(1, 240)} ${random.pick(STREETS)}\n${random.pick(TOWNS)}`;
  const phone = () => `0114${random.int(2_000_000, 9_999_999)}`;
  return Array.from({ length: count }, (_, index) => {
    let name = `${random.pick(NAME_FIRST)} ${random.pick(NAME_SECOND)} ${random.pick(FORMS)}`;
    if (seen.has(name)) name = `${name} (${index + 1})`;
    seen.add(name);
    const createdAt = new Date(now.getTime() - random.int(770, 1_100) * DAY_MS);
    const joined = () => new Date(createdAt.getTime() + random.int(0, 30) * DAY_MS);
    const members: MemberPlan[] = [
      { role: 'owner', approvalLimitCents: null, joinedAt: createdAt },
    ];
    for (let buyer = random.int(1, 3); buyer > 0; buyer -= 1) {
      members.push({
        role: 'buyer',
        approvalLimitCents: random.chance(0.4)
          ? random.pick([100_000, 250_000, 500_000, 1_000_000])
          : null,
        joinedAt: joined(),
      });
    }
    if (random.chance(0.4))
      members.push({ role: 'approver', approvalLimitCents: null, joinedAt: joined() });
    if (random.chance(0.5))
      members.push({ role: 'accounts', approvalLimitCents: null, joinedAt: joined() });
    const shippingAddresses = Array.from({ length: random.int(1, 3) }, (_, n) => ({
      _id: new ObjectId(),
      label: DEPOTS[n]!,
      address: address().replace('\n', ', '),
      phone: phone(),
      default: n === 0,
    }));
    return {
      _id: new ObjectId(),
      name,
      taxId: taxIdOf(random),
      billingAddress: address(),
      shippingAddresses,
      createdAt,
      members,
    };
  });
}

/**
 * Inserts the planned companies with their members, `people[i]` being the accounts of
 * `plans[i].members` in the same order. Answers how many memberships were written.
 */
export async function insertSeededCompanies(
  db: Db,
  plans: readonly CompanyPlan[],
  people: readonly (readonly { _id: ObjectId }[])[],
): Promise<{ companies: number; members: number }> {
  const { companies, companyMembers } = collections(db);
  const companyDocs: Array<CompanyDoc & Seeded> = plans.map((plan) => ({
    _id: plan._id,
    name: plan.name,
    taxId: plan.taxId,
    billingAddress: plan.billingAddress,
    shippingAddresses: plan.shippingAddresses,
    addressVersion: 1,
    ownerCount: plan.members.filter((member) => member.role === 'owner').length,
    createdAt: plan.createdAt,
    updatedAt: plan.createdAt,
    ...SEEDED,
  }));
  const memberDocs: Array<CompanyMemberDoc & Seeded> = plans.flatMap((plan, index) =>
    plan.members.map((member, n) => ({
      _id: new ObjectId(),
      companyId: plan._id,
      userId: people[index]![n]!._id,
      role: member.role,
      approvalLimitCents: member.approvalLimitCents,
      joinedAt: member.joinedAt,
      ...SEEDED,
    })),
  );
  await writeInBatches(companyDocs, 1_000, (batch) =>
    companies.insertMany(batch, { ordered: false }),
  );
  await writeInBatches(memberDocs, 1_000, (batch) =>
    companyMembers.insertMany(batch, { ordered: false }),
  );
  return { companies: companyDocs.length, members: memberDocs.length };
}

/** The ids of the generated companies. */
export async function seededCompanyIds(db: Db): Promise<ObjectId[]> {
  const docs = await collections(db)
    .companies.find(SEEDED, { projection: { _id: 1 } })
    .toArray();
  return docs.map((doc) => doc._id);
}

/**
 * Removes the generated companies, every membership and invitation of theirs, and every
 * membership of a generated person (in a company of someone's making).
 */
export async function deleteSeededCompanies(
  db: Db,
  companyIds: readonly ObjectId[],
  userIds: readonly ObjectId[],
): Promise<number> {
  const c = collections(db);
  await c.companyMembers.deleteMany({
    $or: [{ companyId: { $in: [...companyIds] } }, { userId: { $in: [...userIds] } }],
  });
  await c.companyInvitations.deleteMany({ companyId: { $in: [...companyIds] } });
  return (await c.companies.deleteMany(SEEDED)).deletedCount;
}
