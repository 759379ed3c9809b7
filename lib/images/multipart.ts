import 'server-only';
import { failure } from '@/lib/api/errors';
import { MAX_FORM_BYTES, tooLarge } from './limits';

/** Whether the request body is multipart/form-data. */
export function isMultipart(request: Request): boolean {
  return /^multipart\/form-data\s*;/i.test(request.headers.get('content-type') ?? '');
}

/**
 * Reads a multipart/form-data body of at most MAX_FORM_BYTES: refused by its Content-Length
 * before reading when it says more, and while reading when it turns out longer (413).
 * `field` names the file field the size message belongs to.
 */
export async function readMultipart(request: Request, field: string): Promise<FormData> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!isMultipart(request)) throw failure('image.not_multipart');
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_FORM_BYTES) throw tooLarge(field);

  const chunks: Uint8Array[] = [];
  let total = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > MAX_FORM_BYTES) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(field);
      }
      chunks.push(value);
    }
  }
  try {
    return await new Response(Buffer.concat(chunks), {
      headers: { 'content-type': contentType },
    }).formData();
  } catch {
    throw failure('image.not_multipart');
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
