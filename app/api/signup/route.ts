import { NextResponse } from 'next/server';
import { fieldError } from '@/lib/api/errors';
import { parseWith, readJson, route } from '@/lib/api/handler';
import { signUpLimits } from '@/lib/auth/limits';
import { createPasswordUser, EmailTakenError } from '@/lib/data/users';
import { enforce } from '@/lib/rate-limit';
import { signupSchema } from '@/lib/validation/auth';

/** POST /api/signup: creates an email-and-password account (the client then signs in). */
export const POST = route(async (request) => {
  const input = parseWith(signupSchema, await readJson(request));
  await enforce(signUpLimits(request, input.email));
  try {
    const user = await createPasswordUser(input);
    return NextResponse.json({ id: user.id, email: user.email, name: user.name }, { status: 201 });
  } catch (error) {
    if (error instanceof EmailTakenError) {
      throw fieldError('email', 'An account with this email already exists.', {
        code: 'conflict',
        summary: 'An account with this email already exists. Log in instead.',
      });
    }
    throw error;
  }
});
