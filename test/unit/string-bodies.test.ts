import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeStringBodies } from '../../scripts/lib/string-bodies.mjs';

// scripts/serve.mjs encodes string bodies to bytes itself (Node.js 20 writes strings holding
// characters beyond Latin-1 slowly): the bytes a client receives must be exactly those of the
// strings, whatever the encoding, chunking and callbacks.

const twoByte = 'Forgeline Parts — parts direct from the manufacturer, 20° ±0.1 mm, µm, 🙂';

type Handler = (response: http.ServerResponse, done: (seen: string[]) => void) => void;
const handlers = new Map<string, Handler>();
const seen = new Map<string, string[]>();
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    encodeStringBodies(response);
    handlers.get(request.url!)!(response, (calls) => seen.set(request.url!, calls));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function bytesOf(path: string, handler: Handler): Promise<Buffer> {
  handlers.set(path, handler);
  const response = await fetch(base + path);
  return Buffer.from(await response.arrayBuffer());
}

describe('encodeStringBodies', () => {
  it('sends a string given to end() as its UTF-8 bytes', async () => {
    const body = `<title>${twoByte}</title>`.repeat(500);
    expect(await bytesOf('/end', (response) => response.end(body))).toEqual(
      Buffer.from(body, 'utf8'),
    );
  });

  it('keeps the order of written strings and buffers, and the encoding given', async () => {
    const bytes = await bytesOf('/mixed', (response) => {
      response.write('café ');
      response.write(Buffer.from('— bytes — '));
      response.write('4pyTIGJhc2U2NA==', 'base64');
      response.write('caf\u00e9', 'latin1');
      response.end(' end');
    });
    expect(bytes).toEqual(
      Buffer.concat([
        Buffer.from('café '),
        Buffer.from('— bytes — '),
        Buffer.from('✓ base64'),
        Buffer.from([0x63, 0x61, 0x66, 0xe9]),
        Buffer.from(' end'),
      ]),
    );
  });

  it('calls the callbacks given with or without an encoding', async () => {
    let calls: string[] = [];
    const bytes = await bytesOf('/callbacks', (response, done) => {
      const order: string[] = [];
      response.write(twoByte, () => order.push('write'));
      response.write(twoByte, 'utf8', () => order.push('write utf8'));
      response.end(twoByte, () => {
        order.push('end');
        done(order);
      });
    });
    expect(bytes.toString('utf8')).toBe(twoByte.repeat(3));
    await expect.poll(() => (calls = seen.get('/callbacks') ?? [])).toHaveLength(3);
    expect(calls).toEqual(['write', 'write utf8', 'end']);
  });

  it('ends a response without a body, and with a callback alone', async () => {
    expect(await bytesOf('/empty', (response) => response.end())).toHaveLength(0);
    let ended = false;
    expect(
      await bytesOf('/callback-only', (response) =>
        response.end(() => {
          ended = true;
        }),
      ),
    ).toHaveLength(0);
    await expect.poll(() => ended).toBe(true);
  });
});
