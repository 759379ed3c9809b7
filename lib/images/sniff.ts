import 'server-only';
import { refuseField } from '@/lib/core/refusal';
import { imageMessages, MAX_IMAGE_BYTES, tooLarge } from './limits';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/gif';

/** An uploaded file that passed the checks: its bytes, its sniffed type and a safe name. */
export interface ImageFile {
  bytes: Buffer;
  contentType: ImageType;
  filename: string;
}

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The image type from the file's magic number: JPEG, PNG, WebP or GIF; null for anything else. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  return null;
}

/**
 * Checks an uploaded file: at most MAX_IMAGE_BYTES (413) and a JPEG, PNG, WebP or GIF by its
 * bytes, never by its name or declared type (415). Field problems carry
 * `details.fields[field]`, so a form can show them in place.
 */
export async function readImageFile(entry: FormDataEntryValue, field: string): Promise<ImageFile> {
  if (typeof entry === 'string') {
    throw refuseField(field, imageMessages.notFile);
  }
  if (entry.size > MAX_IMAGE_BYTES) throw tooLarge(field);
  const bytes = Buffer.from(await entry.arrayBuffer());
  const contentType = sniffImageType(bytes);
  if (!contentType) {
    throw refuseField(field, imageMessages.notImage, {
      key: 'input.unsupported_type',
      summary: imageMessages.notImage,
    });
  }
  const filename = (entry.name || 'image').replace(/[^\w.\-]+/g, '_').slice(0, 100);
  return { bytes, contentType, filename };
}
