import { NextResponse } from 'next/server';
import { fieldError } from '@/lib/api/errors';
import { route } from '@/lib/api/handler';
import { requireUser } from '@/lib/auth/session';
import { imageUploadLimit, isFilled, readImageFile, readMultipart, storeImage } from '@/lib/images';
import { enforce } from '@/lib/rate-limit';
import { reviewMessages } from '@/lib/validation/review';

/**
 * POST /api/images (signed in): stores one picture sent as the multipart `image` file and
 * answers `{ success: true, data: { id, url } }`; the URL can then be sent as a review's `img`.
 */
export const POST = route(async (request) => {
  const user = await requireUser(request);
  const form = await readMultipart(request, 'image');
  const entry = form.get('image');
  if (!isFilled(entry)) {
    throw fieldError('image', reviewMessages.imageRequired);
  }
  const image = await readImageFile(entry, 'image');
  await enforce([{ limit: imageUploadLimit, key: user.id }]);
  const stored = await storeImage(image, { userId: user.id, folder: 'reviews' });
  return NextResponse.json(
    { success: true, data: { id: stored.id, url: stored.url } },
    { status: 201 },
  );
});
