import 'server-only';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { env } from '@/lib/core/env';
import { errorText, logger } from '@/lib/core/log';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: { name: string; address: string };
}

export interface SentMail {
  /** Where the message went: the SMTP server, or the file written to the local outbox. */
  delivery: 'smtp' | 'outbox';
  messageId: string;
  file?: string;
}

const globalCache = globalThis as typeof globalThis & { __storefrontMailer?: Transporter };

function smtpTransport(url: string): Transporter {
  globalCache.__storefrontMailer ??= nodemailer.createTransport(url, {
    // Fail fast when the server is down, so the person gets an answer quickly.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return globalCache.__storefrontMailer;
}

/**
 * Whether the SMTP server answers and accepts our sign-in right now (nodemailer's `verify`:
 * connect, greeting, authentication, quit), for a request that mails after its answer and still
 * wants to tell the person when mail cannot go out. Checked anew each time (the requests that
 * ask are rare and rate-limited), so the first request after the server is back sees it.
 * Always true for the local outbox. Its time does not depend on the recipient.
 */
export async function mailServerReachable(): Promise<boolean> {
  if (!env.SMTP_URL) return true;
  try {
    await smtpTransport(env.SMTP_URL).verify();
    return true;
  } catch (error) {
    logger.error(`[mail] the SMTP server cannot be reached: ${errorText(error)}`);
    return false;
  }
}

/** The local outbox used when SMTP_URL is absent: one .eml file per message. */
export function outboxDir(): string {
  return path.join(env.DATA_DIR, 'outbox');
}

/**
 * Sends one message with nodemailer to `SMTP_URL`, from `MAIL_FROM`. Without `SMTP_URL` the
 * message is written as an .eml file to the outbox under DATA_DIR, and its subject is printed
 * on the server console. Header values are encoded by nodemailer, so no caller-supplied text
 * can add a header.
 */
export async function sendMail(mail: Mail): Promise<SentMail> {
  const message = {
    from: env.MAIL_FROM,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    replyTo: mail.replyTo,
  };
  if (env.SMTP_URL) {
    const info = await smtpTransport(env.SMTP_URL).sendMail(message);
    return { delivery: 'smtp', messageId: info.messageId };
  }
  const info = await nodemailer
    .createTransport({ streamTransport: true, buffer: true })
    .sendMail(message);
  const dir = outboxDir();
  await mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `${stamp}-${Math.random().toString(36).slice(2, 8)}.eml`);
  await writeFile(file, info.message as Buffer);
  logger.info(`[mail] outbox: "${mail.subject}" to ${mail.to} -> ${file}`);
  return { delivery: 'outbox', messageId: info.messageId, file };
}

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for an HTML mail body. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char);
}

let warnedNoContactTo = false;

/** The address that receives contact messages: CONTACT_TO, else the MAIL_FROM address. */
export function contactRecipient(): string {
  if (!env.CONTACT_TO && env.SMTP_URL && !warnedNoContactTo) {
    warnedNoContactTo = true;
    logger.warn(
      `[mail] CONTACT_TO is not set: contact messages go to MAIL_FROM (${env.MAIL_FROM}).`,
    );
  }
  return env.CONTACT_TO ?? env.MAIL_FROM;
}

/**
 * The address that receives the store's order mails (an order was paid): ORDERS_TO, else the
 * contact address (CONTACT_TO, else MAIL_FROM).
 */
export function ordersRecipient(): string {
  return env.ORDERS_TO ?? contactRecipient();
}
