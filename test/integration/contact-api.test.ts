import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type SmtpServer } from '../support/smtp';

// A real SMTP server in this process; SMTP_URL and CONTACT_TO are set before the app's
// environment is read (the route is imported afterwards).
let smtp: SmtpServer;
let POST: typeof import('@/app/api/contact/route').POST;
let closeConnection: () => Promise<void>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = `smtp://127.0.0.1:${smtp.port}`;
  process.env.CONTACT_TO = 'Sales desk <sales@forgeline.test>';
  process.env.MAIL_FROM = 'Forgeline Parts <no-reply@forgeline.test>';
  ({ POST } = await import('@/app/api/contact/route'));
  ({ closeConnection } = await import('@/lib/core/db'));
});

afterAll(async () => {
  await smtp?.close();
  await closeConnection?.();
});

let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;

async function send(body: unknown, ip = freshIp(), raw?: string) {
  const response = await POST(
    new Request('http://127.0.0.1/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
      body: raw ?? JSON.stringify(body),
    }),
    { params: Promise.resolve({}) } as never,
  );
  return { status: response.status, body: await response.json() };
}

const message = {
  name: 'Priya Raman',
  email: 'priya.raman@example.com',
  address: '14 Foundry Lane, Sheffield S1 2AB',
  message: 'Please quote 5,000 M8 flange bolts, zinc plated.\nDelivery to Sheffield.',
};

describe('POST /api/contact', () => {
  it('mails the four fields to CONTACT_TO, from MAIL_FROM, with reply-to the sender', async () => {
    const res = await send(message);
    expect(res).toEqual({ status: 200, body: { ok: true } });
    const mail = smtp.messages.at(-1)!;
    expect(mail.to).toMatchObject({
      value: [{ address: 'sales@forgeline.test', name: 'Sales desk' }],
    });
    expect(mail.from).toMatchObject({ value: [{ address: 'no-reply@forgeline.test' }] });
    expect(mail.replyTo).toMatchObject({
      value: [{ address: 'priya.raman@example.com', name: 'Priya Raman' }],
    });
    // The subject carries the store's words only; the sender's name is in the body.
    expect(mail.subject).toMatch(/: a message from the contact form$/);
    expect(mail.subject).not.toContain('Priya');
    for (const value of Object.values(message)) expect(mail.text).toContain(value);
    expect(mail.html).toContain('14 Foundry Lane');
  });

  it('escapes HTML in the message body', async () => {
    const res = await send({
      ...message,
      name: 'Mallory <b>Bold</b>',
      message: '<script>alert("x")</script> & <img src=x onerror=alert(1)>',
    });
    expect(res.status).toBe(200);
    const mail = smtp.messages.at(-1)!;
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img');
    expect(mail.html).toContain('Mallory &lt;b&gt;Bold&lt;/b&gt;');
  });

  it('no header injection: line breaks are refused, a crafted name stays one reply-to address', async () => {
    const count = smtp.messages.length;
    for (const body of [
      { ...message, name: 'Eve\r\nBcc: victim@example.com' },
      { ...message, name: 'Eve\nBcc: victim@example.com' },
      { ...message, email: 'eve@example.com\r\nBcc: victim@example.com' },
      { ...message, email: 'eve@example.com, victim@example.com' },
    ]) {
      const res = await send(body);
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('validation_failed');
    }
    expect(smtp.messages.length).toBe(count);

    const crafted = await send({
      ...message,
      name: 'Eve <eve@evil.test>, "x" <victim@example.com>',
    });
    expect(crafted.status).toBe(200);
    const mail = smtp.messages.at(-1)!;
    expect(mail.replyTo?.value).toHaveLength(1);
    expect(mail.replyTo?.value[0]?.address).toBe('priya.raman@example.com');
    expect(mail.to).toMatchObject({ value: [{ address: 'sales@forgeline.test' }] });
    expect(mail.bcc).toBeUndefined();
    expect(mail.cc).toBeUndefined();
  });

  it.each([
    ['every field missing', {}],
    ['an empty message', { ...message, message: '   ' }],
    ['a malformed email', { ...message, email: 'not-an-email' }],
    ['a $-operator object', { ...message, name: { $gt: '' } }],
    ['a number as address', { ...message, address: 42 }],
  ])('%s: 422 with the field issues, nothing sent', async (_label, body) => {
    const count = smtp.messages.length;
    const res = await send(body);
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({
      code: 'validation_failed',
      message: expect.any(String),
      details: { fields: expect.any(Object) },
    });
    expect(smtp.messages.length).toBe(count);
  });

  it('the field messages of an empty form', async () => {
    const res = await send({ name: '', email: '', address: '', message: '' });
    expect(res.body.error.details.fields).toEqual({
      name: ['Name is Required'],
      email: ['Email is Required'],
      address: ['Address is Required'],
      message: ['Message is Required'],
    });
  });

  it('a body that is not JSON: 400', async () => {
    const res = await send(undefined, freshIp(), 'name=x&email=y');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
  });

  it('five messages per IP in ten minutes, then 429 with a message; other IPs unaffected', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) expect((await send(message, ip)).status).toBe(200);
    const limited = await send(message, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(limited.body.error.message).toMatch(
      /^Too many requests\. Please wait \d+ minutes? and try again\.$/,
    );
    expect((await send(message)).status).toBe(200);
  });

  it('mail server down: 502 with a message for the person', async () => {
    await smtp.close();
    const res = await send(message);
    expect(res.status).toBe(502);
    expect(res.body.error).toEqual({
      code: 'bad_gateway',
      message:
        'Your message could not be sent right now. Please try again later or write to us directly.',
    });
  });
});
