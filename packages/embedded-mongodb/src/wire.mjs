// @ts-check
// The few pieces of the MongoDB wire protocol the embedded server and its launcher need.

import net from 'node:net';
import { deserialize, serialize } from 'bson';

import { HOST, PING_TIMEOUT_MS } from './constants.mjs';

export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_MSG = 2013;
export const HEADER_LENGTH = 16;
/** OP_MSG flag bits. */
export const CHECKSUM_PRESENT = 1 << 0;
export const MORE_TO_COME = 1 << 1;

/**
 * A message of `length` bytes with its standard header filled in; the rest is for the caller.
 *
 * @param {number} length
 * @param {number} requestId
 * @param {number} responseTo
 * @param {number} opCode
 */
function frameWithHeader(length, requestId, responseTo, opCode) {
  const frame = Buffer.allocUnsafe(length);
  frame.writeInt32LE(length, 0);
  frame.writeInt32LE(requestId, 4);
  frame.writeInt32LE(responseTo, 8);
  frame.writeInt32LE(opCode, 12);
  return frame;
}

/**
 * An OP_MSG carrying one body section.
 *
 * @param {Uint8Array} body BSON document
 * @param {number} requestId
 * @param {number} responseTo
 */
export function msgFrame(body, requestId, responseTo) {
  const frame = frameWithHeader(HEADER_LENGTH + 5 + body.length, requestId, responseTo, OP_MSG);
  frame.writeUInt32LE(0, 16);
  frame.writeUInt8(0, 20);
  frame.set(body, HEADER_LENGTH + 5);
  return frame;
}

/**
 * An OP_REPLY carrying one document, the answer to a legacy OP_QUERY handshake.
 *
 * @param {Uint8Array} body BSON document
 * @param {number} requestId
 * @param {number} responseTo
 */
export function replyFrame(body, requestId, responseTo) {
  const frame = frameWithHeader(HEADER_LENGTH + 20 + body.length, requestId, responseTo, OP_REPLY);
  frame.writeInt32LE(0, 16);
  frame.writeBigInt64LE(0n, 20);
  frame.writeInt32LE(0, 28);
  frame.writeInt32LE(1, 32);
  frame.set(body, HEADER_LENGTH + 20);
  return frame;
}

/**
 * The header fields of a complete wire message.
 *
 * @param {Buffer} message
 */
export function readHeader(message) {
  return {
    length: message.readInt32LE(0),
    requestId: message.readInt32LE(4),
    responseTo: message.readInt32LE(8),
    opCode: message.readInt32LE(12),
  };
}

/**
 * The offset of an OP_MSG's body (kind 0) section document, or -1.
 *
 * @param {Buffer} message
 */
function bodyOffset(message) {
  const flags = message.readUInt32LE(16);
  const end = message.length - (flags & CHECKSUM_PRESENT ? 4 : 0);
  let at = HEADER_LENGTH + 4;
  while (at < end) {
    const kind = message[at];
    if (kind === 0) return at + 1;
    if (kind !== 1) return -1;
    at += 1 + message.readInt32LE(at + 1);
  }
  return -1;
}

/**
 * The command name of an OP_MSG (the first key of its body), or null for anything else.
 * Read straight from the bytes: only the name is needed, not the document.
 *
 * @param {Buffer} message
 * @returns {string | null}
 */
export function commandName(message) {
  if (message.length < HEADER_LENGTH + 5 || message.readInt32LE(12) !== OP_MSG) return null;
  const at = bodyOffset(message);
  if (at < 0 || at + 5 > message.length) return null;
  const nameStart = at + 5;
  const nameEnd = message.indexOf(0, nameStart);
  if (nameEnd < 0) return null;
  return message.toString('utf8', nameStart, nameEnd);
}

/**
 * The body of an OP_MSG, deserialized.
 *
 * @param {Buffer} message
 * @returns {Record<string, any> | null}
 */
export function commandBody(message) {
  if (message.readInt32LE(12) !== OP_MSG) return null;
  const at = bodyOffset(message);
  if (at < 0) return null;
  return deserialize(message.subarray(at, at + message.readInt32LE(at)));
}

/**
 * Sends `{ ping: 1 }` to a server on 127.0.0.1 and resolves to whether it answered ok.
 * Never rejects.
 *
 * @param {number} port
 * @param {{ host?: string, timeoutMs?: number }} [options]
 * @returns {Promise<boolean>}
 */
export function ping(port, { host = HOST, timeoutMs = PING_TIMEOUT_MS } = {}) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    let pending = Buffer.alloc(0);
    let settled = false;
    /** @param {boolean} ok */
    const finish = (ok) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => finish(false), timeoutMs);
    socket.on('error', () => finish(false));
    socket.on('close', () => finish(false));
    socket.on('connect', () => {
      socket.write(msgFrame(serialize({ ping: 1, $db: 'admin' }), 1, 0));
    });
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      if (pending.length < 4 || pending.length < pending.readInt32LE(0)) return;
      try {
        const body = commandBody(pending.subarray(0, pending.readInt32LE(0)));
        finish(Boolean(body && body.ok === 1));
      } catch {
        finish(false);
      }
    });
  });
}
