import { ObjectId, type Db } from 'mongodb';
import { SEEDED, seededRandom, writeInBatches, type Seeded } from '@/lib/core/seed-data';
import { collections, type UserDoc } from './collections';

/**
 * Generated people for trying the store at scale (`npm run seed -- --orders N --companies N`,
 * scripts/lib/seed-scale.ts): accounts as sign-up makes them, verified, but without a password
 * (nobody can sign in as one), under the reserved domain `seed.example`, each marked `seeded`.
 * A new run removes them all first; no other account is ever touched.
 */

/** The domain of every generated account's email (reserved: it can receive no mail). */
export const SEEDED_EMAIL_DOMAIN = 'seed.example';

/** What a generated person is for: their company (My Profile) and since when they have an account. */
export interface PersonSpec {
  company?: { name: string; taxId: string | null };
  since: Date;
}

/** A generated account, as orders and companies refer to it. */
export interface SeededPerson {
  _id: ObjectId;
  name: string;
  email: string;
}

const FIRST_NAMES = [
  'Ada',
  'Ben',
  'Carla',
  'Dev',
  'Elif',
  'Femi',
  'Greta',
  'Hugo',
  'Ines',
  'Jonas',
  'Kira',
  'Liam',
  'Maya',
  'Nils',
  'Olga',
  'Pavel',
  'Quinn',
  'Rosa',
  'Sami',
  'Tara',
  'Umar',
  'Vera',
  'Wes',
  'Yara',
  'Zoltan',
  'Anke',
  'Bruno',
  'Chloe',
  'Dario',
  'Emma',
  'Farah',
  'Gabe',
  'Hana',
  'Ivo',
  'Jade',
] as const;
const LAST_NAMES = [
  'Adler',
  'Brandt',
  'Castro',
  'Dufour',
  'Eriksen',
  'Fischer',
  'Garcia',
  'Horvat',
  'Ibsen',
  'Jansen',
  'Kowalski',
  'Lindqvist',
  'Moreau',
  'Novak',
  'Okafor',
  'Petrov',
  'Quist',
  'Romano',
  'Schmidt',
  'Tanaka',
  'Urban',
  'Varga',
  'Weber',
  'Xu',
  'Young',
  'Zimmer',
  'Berg',
  'Costa',
  'Dahl',
  'Engel',
  'Frost',
  'Greco',
  'Holm',
  'Keller',
  'Lund',
  'Marsh',
  'Nash',
  'Olsen',
] as const;

/** The people of `specs`, in order: names and emails (unique by their serial number). */
function people(specs: readonly PersonSpec[]): Array<UserDoc & Seeded> {
  const random = seededRandom(0xacc0_0001);
  return specs.map((spec, index) => {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    return {
      _id: new ObjectId(),
      name: `${first} ${last}`,
      email: `${first}.${last}.${index + 1}@${SEEDED_EMAIL_DOMAIN}`.toLowerCase(),
      emailVerified: spec.since,
      image: null,
      role: 'user',
      ...(spec.company ? { company: spec.company.name } : {}),
      ...(spec.company?.taxId ? { taxId: spec.company.taxId } : {}),
      createdAt: spec.since,
      ...SEEDED,
    };
  });
}

/** Inserts one generated account per spec, in batches; answers them in the same order. */
export async function insertSeededPeople(
  db: Db,
  specs: readonly PersonSpec[],
): Promise<SeededPerson[]> {
  const docs = people(specs);
  const { users } = collections(db);
  await writeInBatches(docs, 1_000, (batch) => users.insertMany(batch, { ordered: false }));
  return docs.map(({ _id, name, email }) => ({ _id, name: name ?? '', email }));
}

/** Every generated account (marked, under the reserved domain). */
const seededUsers = {
  ...SEEDED,
  email: { $regex: `@${SEEDED_EMAIL_DOMAIN.replace('.', '\\.')}$` },
};

/** The ids of the generated accounts (to remove what refers to them). */
export async function seededUserIds(db: Db): Promise<ObjectId[]> {
  const docs = await collections(db)
    .users.find(seededUsers, { projection: { _id: 1 } })
    .toArray();
  return docs.map((doc) => doc._id);
}

/**
 * Removes every generated account and what hangs off it in this feature (sign-in links,
 * verifications, signed-out sessions: a generated account has none, unless someone made one).
 */
export async function deleteSeededPeople(db: Db, ids: readonly ObjectId[]): Promise<number> {
  const c = collections(db);
  const userId = { $in: [...ids] };
  await Promise.all([
    c.accounts.deleteMany({ userId }),
    c.passwordResets.deleteMany({ userId }),
    c.emailVerifications.deleteMany({ userId }),
    c.sessionRevocations.deleteMany({ userId }),
  ]);
  return (await c.users.deleteMany(seededUsers)).deletedCount;
}
