import { NextResponse } from 'next/server';
import { failure, fieldError } from '@/lib/core/errors';
import { parseWith, readJson, emailParam, route } from '@/lib/api/handler';
import { assertSelf, requireUser } from '@/lib/accounts';
import { updateProfile } from '@/lib/accounts';
import { profileDetails, profileSchema } from '@/lib/accounts';

/**
 * GET /api/userdetail/{email}: your own profile details, with the optional business fields
 * `company` and `taxId` ('' when not given).
 */
export const GET = route<{ email: string }>(async (request, { params }) => {
  const email = emailParam((await params).email);
  const user = await requireUser(request);
  assertSelf(user, email);
  return NextResponse.json(profileDetails(user));
});

/**
 * PUT /api/userdetail/{email}: saves your own profile; the email is not changeable. `company`
 * and `taxId` are optional: a text sets them, '' or null removes them, leaving them out keeps
 * them.
 */
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
  return NextResponse.json(profileDetails(updated));
});
