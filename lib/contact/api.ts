import { contactSchema } from '@/lib/contact/schemas';
import { operation } from '@/lib/core/api/operation';
import { okSchema } from '@/lib/core/api/shapes';

/** The contact form. */

export const sendContactMessageOp = operation({
  method: 'post',
  path: '/api/contact',
  operationId: 'sendContactMessage',
  tag: 'Contact',
  summary: 'Send a message to the store',
  description:
    "Mails the message to the store (CONTACT_TO), with the sender's address as reply-to. At most 5 messages per client address in 10 minutes.",
  access: 'public',
  body: {
    json: contactSchema,
    example: {
      name: 'Dana Whitfield',
      email: 'dana@example.com',
      address: '12 Mill Road, Sheffield S1 2AB',
      message: 'Can you quote 50,000 M8 hex bolts, zinc plated?',
    },
  },
  responses: { 200: { description: 'The message was sent.', json: okSchema } },
  errors: ['contact.send_failed'],
  rateLimited: true,
});

export const contactOperations = [sendContactMessageOp];
