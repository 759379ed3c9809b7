import { NextResponse } from 'next/server';
import { route } from '@/lib/api/handler';
import { requireUser } from '@/lib/auth/session';
import { readImageUpload, storeUpload } from '@/lib/images';
import { reviewMessages } from '@/lib/validation/review';

/**
 * POST /api/images (signed in): stores one picture sent as the multipart `image` file and
 * answers `{ success: true, data: { id, url } }`; the URL can then be sent as a review's `img`.
 */
export const POST = route(async (request) => {
  const user = await requireUser(request);
  const { image } = await readImageUpload(request, {
    field: 'image',
    required: reviewMessages.imageRequired,
  });
  const stored = await storeUpload(image, { userId: user.id, folder: 'reviews' });
  return NextResponse.json(
    { success: true, data: { id: stored.id, url: stored.url } },
    { status: 201 },
  );
});
