import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTP_PORT } from '../stand-ins/ports.mjs';

/**
 * The app sends mail to SMTP_URL = smtp://127.0.0.1:SMTP_PORT. A test that needs mail starts
 * a real SMTP server there for its own duration; tests that need the port wait for each other
 * (the port is the lock), so parallel workers never see each other's server.
 */
export interface Inbox {
  messages: ParsedMail[];
  /** Waits for a message matching the predicate. */
  waitFor(predicate: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
}

/** Every recipient address of a parsed mail, lower-cased. */
export function recipients(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((group) => group.value.map((address) => address.address?.toLowerCase() ?? ''));
}

async function listenWhenFree(server: net.Server, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(SMTP_PORT, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || Date.now() > deadline)
        throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** Runs `body` with a real SMTP server on the app's SMTP port, then stops it. */
export async function withSmtpServer<T>(body: (inbox: Inbox) => Promise<T>): Promise<T> {
  const messages: ParsedMail[] = [];
  const waiters = new Set<() => void>();
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          for (const wake of waiters) wake();
          callback();
        })
        .catch(callback);
    },
  });
  await listenWhenFree(smtp.server);
  const inbox: Inbox = {
    messages,
    waitFor(predicate, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error('no matching mail arrived'));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
  };
  try {
    return await body(inbox);
  } finally {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
}

/** Runs `body` while the SMTP port refuses mail: connections are accepted and dropped at once. */
export async function withMailServerDown<T>(body: () => Promise<T>): Promise<T> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.destroy();
  });
  await listenWhenFree(server);
  try {
    return await body();
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
