import type { OrderStatus } from '@/lib/orders/shared';

/** Manage Orders' filter as its URL keeps it: a status and order dates, each optional. */
export interface ManageOrdersFilter {
  status?: OrderStatus;
  from?: string;
  to?: string;
}

/** The query string of a filter (`?status=paid&from=…`), empty for no filter. */
export function filterQuery(filter: ManageOrdersFilter, extra: Record<string, string> = {}) {
  const search = new URLSearchParams(extra);
  for (const key of ['status', 'from', 'to'] as const) {
    const value = filter[key];
    if (value) search.set(key, value);
  }
  const query = search.toString();
  return query ? `?${query}` : '';
}

/** Manage Orders with this filter (its first page). */
export const manageOrdersHref = (filter: ManageOrdersFilter) =>
  `/dashboard/manageorder${filterQuery(filter)}`;

/** One page of Manage Orders with this filter kept (`?status=paid&page=2`; page 1 left out). */
export function manageOrdersPageHref(filter: ManageOrdersFilter, page: number): string {
  const href = manageOrdersHref(filter);
  if (page <= 1) return href;
  return `${href}${href.includes('?') ? '&' : '?'}page=${page}`;
}

/** The CSV download of this filter (GET /api/allOrder?format=csv). */
export const ordersCsvHref = (filter: ManageOrdersFilter) =>
  `/api/allOrder${filterQuery(filter, { format: 'csv' })}`;
