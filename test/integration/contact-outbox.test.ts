import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';

// Without SMTP_URL, contact messages go to the local outbox (.eml files under DATA_DIR).
let POST: typeof import('@/app/api/contact/route').POST;
let outboxDir: () => string;

beforeAll(async () => {
  delete process.env.SMTP_URL;
  process.env.CONTACT_TO = 'owner@forgeline.test';
  ({ POST } = await import('@/app/api/contact/route'));
  ({ outboxDir } = await import('@/lib/core/mail'));
});

afterAll(async () => (await import('@/lib/core/db')).closeConnection());

it('writes the message to the outbox with reply-to the sender', async () => {
  const marker = `outbox-${Date.now()}`;
  const response = await POST(
    new Request('http://127.0.0.1/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.18.0.7' },
      body: JSON.stringify({
        name: 'Tomasz Nowak',
        email: 'tomasz@example.com',
        address: 'ul. Stalowa 3, Gdansk',
        message: `Do you ship to Poland? ${marker}`,
      }),
    }),
    { params: Promise.resolve({}) } as never,
  );
  expect(response.status).toBe(200);

  const dir = outboxDir();
  const files = await readdir(dir);
  const mails = await Promise.all(
    files.map(async (file) => simpleParser(await readFile(path.join(dir, file)))),
  );
  const mail = mails.find((candidate) => candidate.text?.includes(marker));
  expect(mail).toBeDefined();
  expect(mail!.to).toMatchObject({ value: [{ address: 'owner@forgeline.test' }] });
  expect(mail!.replyTo).toMatchObject({
    value: [{ address: 'tomasz@example.com', name: 'Tomasz Nowak' }],
  });
  expect(mail!.text).toContain('ul. Stalowa 3, Gdansk');
});
