import { describe, expect, it } from 'vitest';
import { formFields, isFilled, readImageFile, sniffImageType } from '@/lib/images';
import { apiErrorFrom } from '@/lib/api/errors';
import { largePng, pngImage, textFile } from '../../e2e/fixtures/images';

const bytes = (...values: Array<number | string>) =>
  Buffer.concat(
    values.map((v) => (typeof v === 'string' ? Buffer.from(v, 'latin1') : Buffer.from([v]))),
  );

describe('sniffImageType: the type from the bytes, never the name', () => {
  it.each([
    ['JPEG', bytes(0xff, 0xd8, 0xff, 0xe0, 'JFIF'), 'image/jpeg'],
    ['PNG', pngImage(), 'image/png'],
    ['WebP', bytes('RIFF', 0x24, 0, 0, 0, 'WEBPVP8 '), 'image/webp'],
    ['GIF87a', bytes('GIF87a', 1, 0), 'image/gif'],
    ['GIF89a', bytes('GIF89a', 1, 0), 'image/gif'],
  ])('recognises %s', (_label, data, type) => {
    expect(sniffImageType(data)).toBe(type);
  });

  it.each([
    ['text', textFile],
    ['an empty file', Buffer.alloc(0)],
    ['a truncated PNG signature', pngImage().subarray(0, 6)],
    ['RIFF that is not WebP (WAVE)', bytes('RIFF', 0x24, 0, 0, 0, 'WAVEfmt ')],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['PDF', Buffer.from('%PDF-1.7')],
    ['GIF88a', bytes('GIF88a')],
  ])('refuses %s', (_label, data) => {
    expect(sniffImageType(data)).toBeNull();
  });
});

describe('readImageFile', () => {
  const file = (data: Buffer, name = 'photo.png') => new File([new Uint8Array(data)], name);

  it('answers the bytes, the sniffed type and a safe file name', async () => {
    const png = pngImage();
    const image = await readImageFile(file(png, '../../my photo<1>.png'), 'image');
    expect(image.contentType).toBe('image/png');
    expect(image.bytes.equals(png)).toBe(true);
    expect(image.filename).toBe('.._.._my_photo_1_.png');
  });

  it('415 for text named .png, 413 above 5 MB, 422 for text instead of a file', async () => {
    const codes = await Promise.all(
      [file(textFile, 'notes.png'), file(largePng(), 'big.png'), 'not a file'].map((entry) =>
        readImageFile(entry, 'image').then(
          () => null,
          (error: unknown) => {
            const answer = apiErrorFrom(error);
            return [answer.status, answer.details];
          },
        ),
      ),
    );
    expect(codes).toEqual([
      [415, { fields: { image: ['The picture must be a JPEG, PNG, WebP or GIF image.'] } }],
      [413, { fields: { image: ['The picture must be at most 5 MB.'] } }],
      [422, { fields: { image: ['The picture must be sent as a file.'] } }],
    ]);
  });
});

describe('multipart helpers', () => {
  it('formFields turns numeric text into numbers and leaves anything else for the schema', () => {
    const form = new FormData();
    form.set('price', ' 14.80 ');
    form.set('rating', 'five');
    form.set('name', 'Gear');
    form.set('empty', '');
    form.set('ignored', 'x');
    expect(
      formFields(form, ['price', 'rating', 'name', 'empty', 'absent'], ['price', 'rating']),
    ).toEqual({
      price: 14.8,
      rating: 'five',
      name: 'Gear',
    });
  });

  it('isFilled: only a file with bytes', () => {
    expect(isFilled(new File([new Uint8Array([1])], 'a'))).toBe(true);
    expect(isFilled(new File([], ''))).toBe(false);
    expect(isFilled('text')).toBe(false);
    expect(isFilled(null)).toBe(false);
  });
});
