import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiErrorOf, errorResponse, errorStatus } from '@/lib/api/errors';
import { errorCodes } from '@/lib/core/error-codes';
import { logger } from '@/lib/core/log';
import { errorMessages, type ErrorKey } from '@/lib/core/error-messages';
import { refuse, refuseField, refuseFields, refuseInvalid, type Refusal } from '@/lib/core/refusal';

/**
 * The HTTP edge of refusals (lib/api/errors.ts): every key of the messages table answers with a
 * status and a sentence, an unknown key or error is a 500, and no file of lib/ but the edge
 * imports the module that knows HTTP.
 */

afterEach(() => vi.restoreAllMocks());

const keys = Object.keys(errorMessages) as ErrorKey[];

describe('the map from refusal to answer', () => {
  it('gives every error code a status', () => {
    expect(Object.keys(errorStatus).sort()).toEqual([...errorCodes].sort());
    for (const code of errorCodes) expect(errorStatus[code]).toBeGreaterThanOrEqual(400);
  });

  it.each(keys)('answers %s with a status and a message', (key) => {
    const answer = apiErrorOf({ key });
    expect(answer.code).toBe(errorMessages[key].code);
    expect(answer.status).toBe(errorStatus[errorMessages[key].code]);
    expect(answer.message.length).toBeGreaterThan(0);
  });

  it('fills the placeholders from the params and passes the details on', async () => {
    const response = errorResponse(
      refuse('order.invalid_transition', {
        params: { from: 'paid', to: 'unpaid' },
        details: { from: 'paid', to: 'unpaid' },
      }),
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: {
        code: 'conflict',
        message: 'This order is paid, so it cannot be marked unpaid.',
        details: { from: 'paid', to: 'unpaid' },
      },
    });
  });

  it('answers a refusal without details with no details key', async () => {
    const response = errorResponse(refuse('order.not_found'));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'not_found', message: 'No order has this id.' },
    });
  });

  it('answers an input refusal with its first issue and every field', async () => {
    const response = errorResponse(refuseFields({ quantity: ['Too few'], phone: ['Digits only'] }));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'quantity: Too few',
        details: { fields: { quantity: ['Too few'], phone: ['Digits only'] } },
      },
    });
  });

  it('answers an input refusal with a summary of its own, under its kind', () => {
    const answer = apiErrorOf(
      refuseField('image', 'Too big', { key: 'input.too_large', summary: 'Too big' }).refusal,
    );
    expect(answer.status).toBe(413);
    expect(answer.toBody()).toEqual({
      error: {
        code: 'payload_too_large',
        message: 'Too big',
        details: { fields: { image: ['Too big'] } },
      },
    });
  });

  it('answers a zod failure, thrown or as a refusal, as 422 with the field issues', async () => {
    const result = z.object({ name: z.string().min(1, 'Name is Required') }).safeParse({});
    const thrown = errorResponse(result.error);
    const refused = errorResponse(refuseInvalid(result.error!));
    expect(thrown.status).toBe(422);
    expect(await thrown.json()).toEqual(await refused.json());
  });

  it('answers an unknown key on the 500 path', () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => {});
    const answer = apiErrorOf({ key: 'order.no_such_case' } as unknown as Refusal);
    expect(answer.status).toBe(500);
    expect(answer.toBody()).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong on our side.' },
    });
    expect(logged).toHaveBeenCalled();
  });

  it('answers an unknown error as a plain 500', async () => {
    vi.spyOn(logger, 'error').mockImplementation(() => {});
    const response = errorResponse(new Error('boom'));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong on our side.' },
    });
  });
});

const root = path.resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mts|mjs)$/.test(entry.name) ? [full] : [];
  });
}

describe('the wall around the HTTP errors', () => {
  it('lets no file of lib/ but lib/api import lib/api/errors.ts', () => {
    const edgeErrors = /['"](?:@\/lib\/api\/errors|(?:\.\.?\/)+(?:api\/)?errors)['"]/;
    const wrong = sourceFiles(path.join(root, 'lib'))
      .map((file) => path.relative(root, file))
      .filter((file) => !file.startsWith('lib/api/'))
      .filter((file) => {
        const source = fs.readFileSync(path.join(root, file), 'utf8');
        return [...source.matchAll(/from\s+(['"][^'"]+['"])|import\(\s*(['"][^'"]+['"])/g)].some(
          (match) => {
            const specifier = (match[1] ?? match[2])!;
            if (!edgeErrors.test(specifier)) return false;
            const target = specifier.slice(1, -1);
            if (target.startsWith('@/')) return target === '@/lib/api/errors';
            return (
              path.relative(root, path.resolve(path.dirname(path.join(root, file)), target)) ===
              'lib/api/errors'
            );
          },
        );
      });
    expect(wrong).toEqual([]);
  });

  it('lets no file of lib/ but lib/api name an HTTP status table or build the HTTP error', () => {
    const wrong = sourceFiles(path.join(root, 'lib'))
      .map((file) => path.relative(root, file))
      .filter((file) => !file.startsWith('lib/api/'))
      .filter((file) =>
        /\berrorStatus\b|new ApiError\b|\bNextResponse\.json\(\s*\{\s*error\b/.test(
          fs.readFileSync(path.join(root, file), 'utf8'),
        ),
      );
    expect(wrong).toEqual([]);
  });
});
