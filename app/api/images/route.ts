import { handle } from '@/lib/api/handle';
import { uploadImageOp } from '@/lib/images/api';
import { readImageUpload, storeUpload } from '@/lib/images';
import { reviewMessages } from '@/lib/reviews';

/**
 * POST /api/images (signed in): stores one picture sent as the multipart `image` file under a
 * random id and answers `{ success: true, data: { id, url } }`; the URL can then be sent as one
 * review's `img` (or a product's `picture`), which attaches it. Not attached within an hour, it
 * is removed; at most 50 MB of a person's uploads may wait unattached (409 past that).
 */
export const POST = handle(uploadImageOp, async ({ request, user }) => {
  const { image } = await readImageUpload(request, {
    field: 'image',
    required: reviewMessages.imageRequired,
  });
  const stored = await storeUpload(image, { userId: user.id, folder: 'reviews' });
  return { success: true, data: { id: stored.id, url: stored.url } };
});
