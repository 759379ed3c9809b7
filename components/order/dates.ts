/**
 * A moment of an order's life as the pages show it: the same text on the server and in the
 * browser (a fixed locale and time zone), e.g. "Nov 22, 2026, 3:04 PM UTC".
 */
export function formatOrderTime(iso: string): string {
  return `${new Date(iso).toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  })} UTC`;
}
