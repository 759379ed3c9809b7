/**
 * The headers of a paged list answer (GET /api/product, GET /api/review): `X-Total-Count`, the
 * number of items in all pages, and `Link` (RFC 8288) to the previous and next pages, as paths
 * on this origin that keep the request's other parameters (never built from the Host header).
 */

export interface PageInfo {
  total: number;
  /** The page answered, from 1. */
  page: number;
  /** The number of pages (at least 1: an empty list is one empty page). */
  pages: number;
}

/** The Link header of a page: `rel="prev"` and `rel="next"` where those pages exist. */
export function pageLinks(url: URL, result: Pick<PageInfo, 'page' | 'pages'>): string | null {
  const at = (page: number) => {
    const params = new URLSearchParams(url.searchParams);
    params.set('page', String(page));
    return `<${url.pathname}?${params}>`;
  };
  const links: string[] = [];
  if (result.page > 1) links.push(`${at(Math.min(result.page - 1, result.pages))}; rel="prev"`);
  if (result.page < result.pages) links.push(`${at(result.page + 1)}; rel="next"`);
  return links.length ? links.join(', ') : null;
}

/** `X-Total-Count` and, where there are other pages, `Link`. */
export function pageHeaders(url: URL, result: PageInfo): Headers {
  const headers = new Headers({ 'X-Total-Count': String(result.total) });
  const link = pageLinks(url, result);
  if (link) headers.set('Link', link);
  return headers;
}
