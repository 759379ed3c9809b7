import { NextResponse } from 'next/server';
import { failure } from '@/lib/core/errors';
import { parseWith, readJson, route } from '@/lib/api/handler';
import { contactRecipient, escapeHtml, sendMail } from '@/lib/core/mail';
import { enforce } from '@/lib/core/rate-limit';
import { clientIp } from '@/lib/security';
import { contactSchema } from '@/lib/contact';

const contactLimit = { name: 'contact:ip', max: 5, windowSeconds: 10 * 60 };

/** POST /api/contact: mails a contact message to CONTACT_TO, with reply-to the sender. */
export const POST = route(async (request) => {
  const input = parseWith(contactSchema, await readJson(request));
  await enforce([{ limit: contactLimit, key: clientIp(request) }]);

  const text = [
    `Name: ${input.name}`,
    `Email: ${input.email}`,
    `Address: ${input.address}`,
    '',
    input.message,
  ].join('\n');
  const html = `<p><strong>Name:</strong> ${escapeHtml(input.name)}<br><strong>Email:</strong> ${escapeHtml(input.email)}<br><strong>Address:</strong> ${escapeHtml(input.address)}</p><p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`;
  try {
    await sendMail({
      to: contactRecipient(),
      subject: `Contact form: message from ${input.name}`,
      text,
      html,
      replyTo: { name: input.name, address: input.email },
    });
  } catch (error) {
    console.error('[contact] sending failed:', error instanceof Error ? error.message : error);
    throw failure('contact.send_failed');
  }
  return NextResponse.json({ ok: true });
});
