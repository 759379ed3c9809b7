import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

/**
 * A real SMTP server on 127.0.0.1 that keeps every mail it receives, for the tests that check
 * what the store sends: Vitest files start one on a free port and point SMTP_URL at it;
 * Playwright specs start one on the port the e2e server mails to (SMTP_PORT), for the
 * duration of one test. Tests that need the same port wait for each other (the port is the
 * lock), so parallel workers never see each other's server.
 */
export interface Inbox {
  /** Every mail received so far, oldest first. A mail is here before the sender hears "250 OK". */
  messages: ParsedMail[];
  /** Waits for a message matching the predicate. */
  waitFor(predicate: (mail: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
}

export interface SmtpServer extends Inbox {
  /** The port it listens on (the one asked for, or the free one chosen for port 0). */
  port: number;
  /** Stops listening; calling it again does nothing. */
  close(): Promise<void>;
}

/** How long a test waits for another to give up the port before it fails. */
const PORT_WAIT_MS = 90_000;

/** Every recipient address of a parsed mail, lower-cased. */
export function recipients(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((group) => group.value.map((address) => address.address?.toLowerCase() ?? ''));
}

/** Listens on 127.0.0.1:port, waiting while another server holds the port. */
async function listenWhenFree(server: net.Server, port: number): Promise<number> {
  const deadline = Date.now() + PORT_WAIT_MS;
  for (;;) {
    try {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      });
      return (server.address() as net.AddressInfo).port;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || Date.now() > deadline)
        throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** Starts an SMTP server on `port` (0: any free port) that accepts every mail. */
export async function startSmtpServer(port = 0): Promise<SmtpServer> {
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
  // SMTPServer re-emits its listening socket's errors as its own 'error' event, which throws
  // when nobody listens: a port still held by another test would crash the test run instead of
  // being waited for. listenWhenFree handles the listen errors; a client's dropped connection
  // is not the test's concern.
  smtp.on('error', () => {});
  const listening = await listenWhenFree(smtp.server, port);
  let closed: Promise<void> | undefined;
  return {
    port: listening,
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
    close() {
      closed ??= new Promise<void>((resolve) => smtp.close(() => resolve()));
      return closed;
    },
  };
}

/** Runs `body` with a real SMTP server on `port`, then stops it. */
export async function withSmtpServer<T>(
  port: number,
  body: (inbox: Inbox) => Promise<T>,
): Promise<T> {
  const server = await startSmtpServer(port);
  try {
    return await body(server);
  } finally {
    await server.close();
  }
}

/** Runs `body` while `port` refuses mail: connections are accepted and dropped at once. */
export async function withMailServerDown<T>(port: number, body: () => Promise<T>): Promise<T> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.destroy();
  });
  await listenWhenFree(server, port);
  try {
    return await body();
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
