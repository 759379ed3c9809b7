import { describe, expect, it } from 'vitest';
import { BodyTooLargeError, declaresMoreThan, readBounded } from '@/lib/security/body';

const CHUNK = 16 * 1024;

/** A chunked body (no Content-Length) of `total` bytes that counts what was pulled from it. */
function countingBody(total: number, headers: Record<string, string> = {}) {
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const size = Math.min(CHUNK, total - seen.pulled);
        if (size <= 0) return controller.close();
        seen.pulled += size;
        controller.enqueue(new Uint8Array(size).fill(0x20));
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request('http://127.0.0.1/', {
    method: 'POST',
    headers,
    body: stream,
    duplex: 'half',
  } as RequestInit);
  return { request, seen };
}

describe('readBounded', () => {
  it('reads a body up to the limit, exactly at it included', async () => {
    const { request, seen } = countingBody(64 * 1024);
    expect((await readBounded(request, 64 * 1024)).byteLength).toBe(64 * 1024);
    expect(seen.cancelled).toBe(false);
  });

  it('a chunked body stops being read as soon as it passes the limit', async () => {
    const { request, seen } = countingBody(10 * 1024 * 1024);
    await expect(readBounded(request, 64 * 1024)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(seen.pulled).toBeLessThanOrEqual(64 * 1024 + CHUNK);
    expect(seen.cancelled).toBe(true);
  });

  it('a declared length over the limit is refused before a byte is read', async () => {
    const { request, seen } = countingBody(1024, { 'content-length': String(64 * 1024 + 1) });
    await expect(readBounded(request, 64 * 1024)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(seen.pulled).toBe(0);
  });

  it('a body that lies about being small is still cut at the limit', async () => {
    const { request, seen } = countingBody(1024 * 1024, { 'content-length': '10' });
    await expect(readBounded(request, 64 * 1024)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(seen.pulled).toBeLessThanOrEqual(64 * 1024 + CHUNK);
  });

  it('no body is an empty one', async () => {
    expect((await readBounded(new Request('http://127.0.0.1/'), 10)).byteLength).toBe(0);
  });

  it('reads only a well-formed Content-Length', () => {
    const at = (value: string) => declaresMoreThan(new Headers({ 'content-length': value }), 100);
    expect(at('101')).toBe(true);
    expect(at('100')).toBe(false);
    expect(at('99999999999999999999')).toBe(true);
    for (const value of ['-1', '1e9', '0x1000', 'abc', '']) expect(at(value), value).toBe(false);
  });
});
