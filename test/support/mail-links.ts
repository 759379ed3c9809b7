import type { ParsedMail } from 'mailparser';
import { expect } from 'vitest';

/** Every link of a mail: the HTML's href values and the absolute addresses of its text. */
export function linksIn(mail: ParsedMail): string[] {
  const html = typeof mail.html === 'string' ? mail.html : '';
  const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!);
  const text = [...(mail.text ?? '').matchAll(/https?:\/\/[^\s"<>)\]]+/g)].map((match) => match[0]);
  return [...hrefs, ...text];
}

/** Every link of the mail is on `origin`, and a forged host (evil.example) appears nowhere. */
export function expectLinksOn(mail: ParsedMail, origin: string) {
  const links = linksIn(mail);
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) expect(new URL(link).origin, link).toBe(origin);
  expect(`${mail.html}${mail.text}`).not.toContain('evil.example');
}
