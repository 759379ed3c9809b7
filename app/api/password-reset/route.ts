import { NextResponse } from 'next/server';
import { parseWith, readJson, route } from '@/lib/api/handler';
import { sendPasswordResetMail } from '@/lib/auth/account-mail';
import { resetLimits } from '@/lib/auth/limits';
import { afterResponse } from '@/lib/background';
import { findUserByEmail } from '@/lib/data/users';
import { env } from '@/lib/env';
import { enforce } from '@/lib/rate-limit';
import { requestOrigin } from '@/lib/request';
import { resetRequestSchema } from '@/lib/validation/auth';

/**
 * POST /api/password-reset: mails a single-use reset link. The answer is the same, and takes
 * the same time, whether or not an account exists: looking the account up and mailing happen
 * after the response is sent.
 */
export const POST = route(async (request) => {
  const { email } = parseWith(resetRequestSchema, await readJson(request));
  await enforce(resetLimits(request, email));
  const origin = requestOrigin(request, env.AUTH_URL);
  afterResponse('password-reset', async () => {
    const user = await findUserByEmail(email);
    if (user) await sendPasswordResetMail(user, origin);
  });
  return NextResponse.json({ ok: true });
});
