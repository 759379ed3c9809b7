import 'server-only';
import { ObjectId } from 'mongodb';
import { findUserById } from '@/lib/accounts';
import { checkQuantity, findProductDocuments } from '@/lib/catalogue';
import { can, COMPANY_ROLE_LABELS, companyOfMember, listMembers } from '@/lib/companies';
import { orderListWording } from '@/lib/core/b2b-wording/order-list';
import type { Id } from '@/lib/core/ids';
import { queueMail, registerOutboxKinds, scheduleOutboxDrain } from '@/lib/core/mail/outbox';
import { refuse, refuseField } from '@/lib/core/refusal';
import { MAX_CART_LINES } from '@/lib/core/validation/limits';
import { contractOfPerson, contractOverridesOf } from '@/lib/pricing';
import { CART_SHARED_MAIL } from './mail/subjects';
import { orderingRoleNames, type Cart, type CartShareResult, type ShareColleague } from './shared';
import { readCartLines, replaceCartLines, type CartLineDoc } from './store';
import { ownerId, readyCart, snapshotOf } from './view';

/**
 * Sending an order list to a colleague (`POST /api/cart/share`): a member of a company copies
 * every line of their list into the list of a colleague of the SAME company whose role places
 * orders (the role table, lib/companies/roles.ts), as adding each line would: a product's
 * quantity is added to the colleague's line of it, and the sum must be one the product allows
 * (minimum, cartons, maximum, stock, for the colleague's contract), at most MAX_CART_LINES
 * lines. All lines or none: one conditional update of the colleague's list, which also queues
 * the mail that tells them (lib/cart/mail). The sender's own list is not changed. Any member may
 * send, whatever their role: a member whose role places nothing can only have their list
 * ordered this way, and a buyer may hand theirs to a colleague too.
 */

/**
 * The kind of mail queued on a list a colleague sent, registered with the kernel's outbox engine
 * as soon as the order list is loaded; the template loads only when a drain needs it.
 */
registerOutboxKinds('carts', async () => (await import('./mail/kinds')).cartMailKinds);

/** The kinds of order-list mail the outbox sends, with their templates (loaded on demand). */
export async function loadCartMailKinds() {
  return (await import('./mail/kinds')).cartMailKinds;
}

/** How many times a send that met a concurrent change of the colleague's list tries again. */
const ATTEMPTS = 5;

const wording = orderListWording.refusals;

/** Who sends: the signed-in person, with the name their colleague's mail shows. */
export type Sender = { id: string; name: string };

/**
 * The colleagues the person may send their list to: the other members of their company whose
 * role places orders, in the order they joined (none outside a company).
 */
export async function shareColleagues(person: { id: string }): Promise<ShareColleague[]> {
  if (!(await companyOfMember(person))) return [];
  const { items } = await listMembers(person);
  return items
    .filter(
      (member) => member.userId !== person.id && member.email && can(member.role, 'placeOrders'),
    )
    .map((member) => ({
      userId: member.userId,
      name: member.name || member.email,
      role: COMPANY_ROLE_LABELS[member.role],
    }));
}

/** A line of the sender's list that would not fit the colleague's, and why. */
interface Misfit {
  productId: string;
  sku: string | null;
  name: string;
  quantity: number;
  already: number;
  message: string;
}

/** The refusals of the colleague: not oneself, in the sender's company, placing orders. */
async function colleagueOf(sender: Sender, colleagueId: Id) {
  const mine = await companyOfMember(sender);
  if (!mine) throw refuse('company.none');
  if (new ObjectId(colleagueId).equals(mine.member.userId)) {
    throw refuseField('userId', wording.self, { summary: wording.self });
  }
  const theirs = await companyOfMember({ id: colleagueId });
  const user = theirs ? await findUserById(colleagueId) : null;
  // Someone of another company, or no one: the caller's company has no such member.
  if (!theirs || !user || !theirs.company._id.equals(mine.company._id)) {
    throw refuse('company.member_not_found');
  }
  if (!can(theirs.member.role, 'placeOrders')) {
    const message = wording.notOrdering({ roles: orderingRoleNames() });
    throw refuseField('userId', message, { summary: message });
  }
  return { id: colleagueId, name: user.name || user.email };
}

/**
 * The colleague's lines with the sent ones added: each product's quantity added to their line
 * of it (or a new line at the end), every sum judged by the product's rules for the colleague.
 */
function merged(
  theirs: readonly CartLineDoc[],
  sent: Cart,
  products: Awaited<ReturnType<typeof findProductDocuments>>,
  contract: Awaited<ReturnType<typeof contractOfPerson>>,
  now: Date,
): { lines: CartLineDoc[]; misfits: Misfit[] } {
  const lines = theirs.map((line) => ({ ...line }));
  const misfits: Misfit[] = [];
  for (const line of sent.lines) {
    const product = products.get(line.productId);
    const existing = lines.find(
      (candidate) => candidate.productId.toHexString() === line.productId,
    );
    const already = existing?.quantity ?? 0;
    const total = already + line.quantity;
    const verdict = product
      ? checkQuantity(product, total, contractOverridesOf(contract, line.productId))
      : null;
    if (!product || (verdict && !verdict.ok)) {
      const refused = verdict && !verdict.ok ? verdict : null;
      misfits.push({
        productId: line.productId,
        sku: line.sku,
        name: line.name,
        quantity: line.quantity,
        already,
        message: wording.line({
          part: line.sku ? `${line.name} (${line.sku})` : line.name,
          total,
          already,
          reason: refused?.reason ?? 'deleted',
          available: refused?.available ?? 0,
          minimum: refused?.minimum ?? 0,
          multiple: refused?.multiple ?? 1,
          maximum: refused?.maximum ?? 0,
        }),
      });
      continue;
    }
    if (existing) existing.quantity = total;
    else
      lines.push({ productId: product._id, quantity: total, ...snapshotOf(product), addedAt: now });
  }
  return { lines, misfits };
}

/**
 * `POST /api/cart/share`: copies every line of the sender's order list into the colleague's
 * (`colleagueId`, their user id), merged as adding does, and mails them. Refused, with nothing
 * written: 404 `company.none` (the sender is in no company), 422 on `userId` (oneself, or a
 * colleague whose role places no orders), 404 `company.member_not_found` (no such member of the
 * sender's company), 409 `cart.empty` / `cart.not_ready` (the sender's list), 409
 * `cart.share_refused` (a sum the product does not allow; `details.lines` says which and why),
 * `cart.share_full` (above MAX_CART_LINES) and `cart.share_busy` (their list kept changing).
 */
export async function shareCart(
  sender: Sender,
  colleagueId: Id,
  origin: string,
): Promise<CartShareResult> {
  const colleague = await colleagueOf(sender, colleagueId);
  const sent = await readyCart(sender);
  const productIds = sent.lines.map((line) => line.productId);
  const [products, contract] = await Promise.all([
    findProductDocuments(productIds.map((id) => new ObjectId(id))),
    contractOfPerson(colleague, productIds),
  ]);
  const theirId = ownerId(colleague);
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const now = new Date();
    const theirs = await readCartLines(theirId);
    const { lines, misfits } = merged(theirs, sent, products, contract, now);
    if (misfits.length) {
      throw refuse('cart.share_refused', {
        params: { name: colleague.name, lines: misfits.map((misfit) => misfit.message).join('; ') },
        details: { lines: misfits },
      });
    }
    if (lines.length > MAX_CART_LINES) {
      throw refuse('cart.share_full', {
        params: { name: colleague.name, count: lines.length, max: MAX_CART_LINES },
      });
    }
    const mail = queueMail(CART_SHARED_MAIL, { origin, now });
    const received = {
      mailId: mail.outbox.$each[0]!.id,
      fromUserId: ownerId(sender),
      fromName: sender.name,
      lines: sent.lines.map(({ productId, sku, name, quantity }) => ({
        productId: new ObjectId(productId),
        sku,
        name,
        quantity,
      })),
      receivedAt: now,
    };
    if (await replaceCartLines(theirId, theirs, lines, received, mail)) {
      scheduleOutboxDrain();
      return {
        sentLines: sent.lines.length,
        colleague: { userId: colleague.id, name: colleague.name },
      };
    }
  }
  throw refuse('cart.share_busy', { params: { name: colleague.name } });
}
