import 'server-only';
import { refuse } from '@/lib/core/refusal';
import { BodyTooLargeError, readBounded } from '@/lib/security/body';
import { MAX_FORM_BYTES, tooLarge } from './limits';

/** Whether the request body is multipart/form-data. */
export function isMultipart(request: Request): boolean {
  return /^multipart\/form-data\s*;/i.test(request.headers.get('content-type') ?? '');
}

/**
 * Reads a multipart/form-data body of at most MAX_FORM_BYTES: refused by its Content-Length
 * before reading when it says more, and while streaming as soon as it passes the limit (413;
 * the rest of the stream is cancelled, never pulled), so an upload is never buffered beyond
 * the limit. `field` names the file field the size message belongs to.
 */
export async function readMultipart(request: Request, field: string): Promise<FormData> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!isMultipart(request)) throw refuse('image.not_multipart');
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = await readBounded(request, MAX_FORM_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw tooLarge(field);
    throw refuse('image.not_multipart');
  }
  try {
    return await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw refuse('image.not_multipart');
  }
}

/**
 * The named text fields of a multipart form as a plain object, for the same zod schema as the
 * JSON body: numeric fields become numbers when they read as one, anything else stays as sent
 * (so a wrong value fails validation), and absent or empty fields are left out.
 */
export function formFields(
  form: FormData,
  names: readonly string[],
  numeric: readonly string[] = [],
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of names) {
    const value = form.get(name);
    if (value === null || value === '') continue;
    if (
      typeof value === 'string' &&
      numeric.includes(name) &&
      /^\s*-?\d+(\.\d+)?\s*$/.test(value)
    ) {
      values[name] = Number(value);
    } else {
      values[name] = value;
    }
  }
  return values;
}

/** Whether a form entry is a non-empty file (an empty file input sends a nameless empty file). */
export function isFilled(entry: FormDataEntryValue | null): entry is File {
  return typeof entry === 'object' && entry !== null && entry.size > 0;
}
