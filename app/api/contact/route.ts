import { handle } from '@/lib/api/handle';
import { sendContactMessageOp } from '@/lib/contact/api';
import { clientIp } from '@/lib/security';
import { sendContactMessage } from '@/lib/contact';

/** POST /api/contact: mails a contact message to CONTACT_TO, with reply-to the sender. */
export const POST = handle(sendContactMessageOp, async ({ request, body }) => {
  await sendContactMessage(body, clientIp(request));
  return { ok: true };
});
