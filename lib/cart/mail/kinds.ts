import 'server-only';
import { findUserById } from '@/lib/accounts';
import { outboxKinds } from '@/lib/core/mail/outbox';
import { storeName } from '@/lib/core/site';
import type { CartDoc } from '../collections';
import { orderListLink, renderListSharedMail } from './share-mail';
import { CART_SHARED_MAIL } from './subjects';

/**
 * What each kind of order-list mail sends: the order lists' part of the outbox registry,
 * registered with the kernel's outbox engine by lib/cart/share.ts and loaded only when a drain
 * needs it.
 */
export const cartMailKinds = outboxKinds<CartDoc>({
  // To the list's owner, at the address their account has when it is sent: the lines a
  // colleague sent them (the received list the mail was queued with). None for an account
  // removed meanwhile.
  [CART_SHARED_MAIL]: async (doc, entry) => {
    const received = doc.received?.find((candidate) => candidate.mailId === entry.id);
    const owner = received ? await findUserById(doc._id.toHexString()) : null;
    if (!received || !owner) return null;
    const mail = await renderListSharedMail(
      {
        fromName: received.fromName,
        lines: received.lines.map(({ sku, name, quantity }) => ({ sku, name, quantity })),
        link: orderListLink(entry.origin),
      },
      { origin: entry.origin, storeName },
    );
    return { to: owner.email, ...mail };
  },
});
