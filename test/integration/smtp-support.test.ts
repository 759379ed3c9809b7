import net from 'node:net';
import { expect, test } from 'vitest';
import { startSmtpServer } from '../support/smtp';

// Playwright specs share the e2e mail port and wait for each other to give it up: an SMTP
// server asked for a port that is still held waits, then listens, and never crashes the run.
test('an SMTP server waits for a port that another server still holds', async () => {
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const port = (holder.address() as net.AddressInfo).port;
  setTimeout(() => holder.close(), 500);
  const server = await startSmtpServer(port);
  try {
    expect(server.port).toBe(port);
  } finally {
    await server.close();
  }
});
