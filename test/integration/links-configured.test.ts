import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

// A store with its public URL configured, as production must have it.
const PUBLIC = vi.hoisted(() => {
  process.env.AUTH_URL = 'https://shop.example.com';
  delete process.env.SMTP_URL;
  return 'https://shop.example.com';
});

import { POST as resetRoute } from '@/app/api/password-reset/route';
import { POST as signupRoute } from '@/app/api/signup/route';
import { GET as verifyLink, POST as verifyResend } from '@/app/api/verify-email/route';
import { PUT as putUser } from '@/app/api/user/[email]/route';
import { settleBackgroundWork } from '@/lib/core/background';
import { closeConnection } from '@/lib/core/db';
import { env } from '@/lib/core/env';
import { createActor, params } from '../support/users';

afterAll(async () => {
  await settleBackgroundWork();
  await closeConnection();
});

let ipCounter = 0;
const freshIp = () => `198.51.100.${(ipCounter++ % 250) + 1}`;

/** Every way a client talking to the server directly could name another host. */
const forgedHosts: Array<Record<string, string>> = [
  { host: 'evil.example' },
  { host: 'shop.example.com', 'x-forwarded-host': 'evil.example' },
  { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
  { host: '127.0.0.1:3000' },
];

/** Mails in the outbox to `to`, soft line breaks undone. */
function mailsTo(to: string): string[] {
  const dir = path.join(env.DATA_DIR, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => fs.readFileSync(path.join(dir, file), 'utf8').replace(/=\r?\n/g, ''))
    .filter((text) => text.toLowerCase().includes(`to: ${to}`));
}

/** The absolute links of a mail (quoted-printable `=3D` read as `=`). */
const linksIn = (mail: string) =>
  [...mail.replace(/=3D/g, '=').matchAll(/https?:\/\/[^\s"<>]+/g)].map((match) => match[0]);

describe('with AUTH_URL set, a forged Host never reaches a mailed link', () => {
  it('the password-reset link is on AUTH_URL whatever Host and X-Forwarded-Host say', async () => {
    for (const headers of forgedHosts) {
      const person = await createActor('user');
      const res = await resetRoute(
        new Request('http://evil.example/api/password-reset', {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json', 'X-Forwarded-For': freshIp() },
          body: JSON.stringify({ email: person.user.email }),
        }),
        params({}),
      );
      expect(res.status).toBe(200);
      await settleBackgroundWork();
      const mail = await vi.waitFor(() => {
        const found = mailsTo(person.user.email).at(-1);
        if (!found) throw new Error('no mail yet');
        return found;
      });
      const links = linksIn(mail);
      expect(links, JSON.stringify(headers)).toHaveLength(1);
      expect(links[0]).toMatch(/^https:\/\/shop\.example\.com\/reset-password\?token=[\w-]{20,}$/);
      expect(mail).not.toContain('evil.example');
    }
  });

  it('the verification mail and the verification redirect are on AUTH_URL too', async () => {
    const email = `verify_${Date.now()}@example.com`;
    const created = await signupRoute(
      new Request('http://evil.example/api/signup', {
        method: 'POST',
        headers: {
          host: 'evil.example',
          'x-forwarded-host': 'evil.example',
          'Content-Type': 'application/json',
          'X-Forwarded-For': freshIp(),
        },
        body: JSON.stringify({ name: 'New Buyer', email, password: 'secret12' }),
      }),
      params({}),
    );
    expect(created.status).toBe(201);
    await settleBackgroundWork();
    const mail = await vi.waitFor(() => {
      const found = mailsTo(email).at(-1);
      if (!found) throw new Error('no mail yet');
      return found;
    });
    const link = linksIn(mail).find((candidate) => candidate.includes('/api/verify-email'));
    expect(link?.startsWith(`${PUBLIC}/api/verify-email?token=`)).toBe(true);

    const opened = await verifyLink(
      new Request(link!.replace(PUBLIC, 'http://evil.example'), {
        headers: { host: 'evil.example' },
      }),
      params({}),
    );
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`${PUBLIC}/dashboard?verified=1`);
  });
});

describe('with AUTH_URL set, the store’s origin for the cross-site rule is AUTH_URL’s', () => {
  it('a forged Host does not make another site’s Origin the store’s', async () => {
    const actor = await createActor('user');
    const send = (headers: Record<string, string>) =>
      verifyResend(
        new Request('http://evil.example/api/verify-email', {
          method: 'POST',
          headers: { Cookie: actor.session.Cookie!, ...headers },
        }),
        params({}),
      );
    const refused = await send({ host: 'evil.example', Origin: 'http://evil.example' });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('cross_site');
    const ok = await send({ host: 'evil.example', Origin: PUBLIC });
    expect(ok.status).toBe(200);

    // The Origin of a page on the host the request names is not enough either.
    const put = await putUser(
      new Request(`http://127.0.0.1/api/user/${actor.user.email}`, {
        method: 'PUT',
        headers: { Cookie: actor.session.Cookie!, host: '127.0.0.1', Origin: 'http://127.0.0.1' },
      }),
      params({ email: actor.user.email }),
    );
    expect(put.status).toBe(403);
  });
});
