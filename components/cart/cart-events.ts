'use client';

/**
 * The order list's line count, shared by the header link and whatever changes the list (the
 * product page's "Add to order list", the order list page): a change announces the new count,
 * and the header shows it without asking the server again.
 */
const EVENT = 'storefront:cart-count';

export function announceCartCount(count: number): void {
  window.dispatchEvent(new CustomEvent<number>(EVENT, { detail: count }));
}

export function onCartCount(listener: (count: number) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<number>).detail);
  window.addEventListener(EVENT, handler);
  return () => window.removeEventListener(EVENT, handler);
}
