import 'server-only';
import { refuse } from '@/lib/core/refusal';
import { contactRecipient, escapeHtml, sendMail } from '@/lib/core/mail';
import { enforce, type Limit } from '@/lib/core/rate-limit';
import type { ContactInput } from './validation/contact';
import { errorText, logger } from '@/lib/core/log';
import { storeName } from '@/lib/core/site';

/** Contact messages per client address: 5 in each 10 minutes (each one mails the store). */
export const contactLimit: Limit = { name: 'contact:ip', max: 5, windowSeconds: 10 * 60 };

/**
 * Mails a contact message to CONTACT_TO with reply-to the sender, once the sender's address
 * (`clientIp`) is within the contact limit (429 past it). A mail that cannot be sent is refused
 * with `contact.send_failed`, so the person sees it was not sent.
 */
export async function sendContactMessage(input: ContactInput, clientIp: string): Promise<void> {
  await enforce([{ limit: contactLimit, key: clientIp }]);

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
      // The store's words only: the sender's name is theirs to choose, so it stays in the body.
      subject: `${storeName}: a message from the contact form`,
      text,
      html,
      replyTo: { name: input.name, address: input.email },
    });
  } catch (error) {
    logger.error(`[contact] sending failed: ${errorText(error)}`);
    throw refuse('contact.send_failed');
  }
}
