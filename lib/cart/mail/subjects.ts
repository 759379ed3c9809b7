import { orderListWording } from '@/lib/core/b2b-wording/order-list';
import type { ListSharedMailData } from './share-data';

/** The kind of mail queued on an order list a colleague sent lines into. */
export const CART_SHARED_MAIL = 'cart.shared';

/**
 * The subject of each order-list mail: the store's own words only. The sender's name is their
 * own account's words, so it is in the body only (escaped), never where an inbox shows it as
 * the store speaking.
 */
export const cartMailSubjects = {
  [CART_SHARED_MAIL]: (_data: ListSharedMailData, storeName: string) =>
    orderListWording.mail.subject({ store: storeName }),
} satisfies Record<string, (data: ListSharedMailData, storeName: string) => string>;

export type CartMailKind = keyof typeof cartMailSubjects;
