import { NextResponse } from 'next/server';
import { ApiError } from '@/lib/api/errors';
import { parseWith, readJson, route } from '@/lib/api/handler';
import { consumePasswordReset } from '@/lib/data/password-resets';
import { setPassword } from '@/lib/data/users';
import { resetPasswordSchema } from '@/lib/validation/auth';

/** POST /api/password-reset/confirm: sets a new password with a valid, unused reset token. */
export const POST = route(async (request) => {
  const { token, password } = parseWith(resetPasswordSchema, await readJson(request));
  const userId = await consumePasswordReset(token);
  if (!userId) {
    throw new ApiError(
      'bad_request',
      'This reset link is invalid, expired or already used. Ask for a new one.',
    );
  }
  await setPassword(userId, password);
  return NextResponse.json({ ok: true });
});
