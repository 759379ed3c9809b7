import { z } from 'zod';
import { fieldMessages } from '@/lib/core/messages';

/**
 * Paged lists in URLs (`?page=&limit=`), as GET /api/product and GET /api/review take them:
 * the same parsing and messages for every list, answered 400 by the API when a value is bad.
 */

/**
 * One URL parameter: the first value when repeated (pages get arrays), trimmed; an empty value
 * counts as absent, as a GET form sends its empty fields (`?q=&category=`).
 */
export function urlParam(value: unknown): unknown {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first !== 'string') return first;
  const trimmed = first.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** A whole number from 1 to `max` in a URL parameter (optional), else `message`. */
export const wholeParam = (max: number, message: string) =>
  z.preprocess(
    urlParam,
    z
      .string({ error: message })
      .regex(/^\d{1,9}$/, message)
      .transform(Number)
      .pipe(z.number().int().min(1, message).max(max, message))
      .optional(),
  );

/** The most items one page of a list holds, and the highest page number taken. */
export const MAX_PAGE_LIMIT = 100;
export const MAX_PAGE_NUMBER = 1_000_000;

/** `?page=` (from 1) and `?limit=` (1 to MAX_PAGE_LIMIT), each optional. */
export function pageParams() {
  return {
    page: wholeParam(MAX_PAGE_NUMBER, fieldMessages.catalogue.pageInvalid),
    limit: wholeParam(MAX_PAGE_LIMIT, fieldMessages.catalogue.limitInvalid),
  };
}

/** A page's number and size, held within their bounds, and how many items to skip. */
export function pageWindow(
  query: { page?: number; limit?: number },
  defaultLimit: number,
): { page: number; limit: number; skip: number } {
  const limit = Math.min(Math.max(Math.trunc(query.limit ?? defaultLimit) || 1, 1), MAX_PAGE_LIMIT);
  const page = Math.min(Math.max(Math.trunc(query.page ?? 1) || 1, 1), MAX_PAGE_NUMBER);
  return { page, limit, skip: (page - 1) * limit };
}
