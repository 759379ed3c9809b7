import { NextResponse } from 'next/server';
import { parseWith, readJson, route } from '@/lib/api/handler';
import { clientIp } from '@/lib/security';
import { contactSchema, sendContactMessage } from '@/lib/contact';

/** POST /api/contact: mails a contact message to CONTACT_TO, with reply-to the sender. */
export const POST = route(async (request) => {
  const input = parseWith(contactSchema, await readJson(request));
  await sendContactMessage(input, clientIp(request));
  return NextResponse.json({ ok: true });
});
