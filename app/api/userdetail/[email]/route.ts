import { NextResponse } from 'next/server';
import { failure, fieldError } from '@/lib/api/errors';
import { parseWith, readJson, emailParam, route } from '@/lib/api/handler';
import { assertSelf, requireUser } from '@/lib/auth/session';
import { updateProfile, type User } from '@/lib/data/users';
import { profileSchema } from '@/lib/validation/profile';

function details(user: User) {
  return {
    name: user.name,
    email: user.email,
    education: user.profile?.education ?? '',
    location: user.profile?.location ?? '',
    link: user.profile?.link ?? '',
  };
}

/** GET /api/userdetail/{email}: your own profile details. */
export const GET = route<{ email: string }>(async (request, { params }) => {
  const email = emailParam((await params).email);
  const user = await requireUser(request);
  assertSelf(user, email);
  return NextResponse.json(details(user));
});

/** PUT /api/userdetail/{email}: saves your own profile; the email is not changeable. */
export const PUT = route<{ email: string }>(async (request, { params }) => {
  const email = emailParam((await params).email);
  const user = await requireUser(request);
  assertSelf(user, email);
  const input = parseWith(profileSchema, await readJson(request));
  if (input.email && input.email.toLowerCase() !== user.email) {
    throw fieldError('email', 'The email of an account cannot be changed here.');
  }
  const updated = await updateProfile(user.id, input);
  if (!updated) throw failure('user.gone');
  return NextResponse.json(details(updated));
});
