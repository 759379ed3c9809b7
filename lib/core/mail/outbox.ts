import 'server-only';
/**
 * The mail outbox engine: a mail that must follow a change of state is queued in the same
 * single-document update that makes the change (an `outbox` array on the document: an order, a
 * quote), and a drainer sends it afterwards and removes it. Both writes touch one document,
 * so no transaction is needed: a change that did not happen queues nothing, and a crash after
 * the change cannot lose its mail.
 *
 * Delivery is at least once: an entry is claimed (a lease) before it is sent and removed after,
 * so two drainers never send it at the same time, and a drainer that dies mid-send leaves it
 * to be sent again when its lease ends. Failures are retried with growing delays for about two
 * days, then the entry is kept, marked failed, for the back office.
 */

export {
  outboxKinds,
  registerOutboxKinds,
  registeredOutboxKinds,
  type MailRenderer,
  type OutboxDocument,
  type OutboxEntry,
  type OutboxKinds,
  type OutboxKindsLoader,
  type OutboxRegistry,
  type OutgoingMail,
} from './outbox-registry';
export * from './outbox-queue';
export * from './outbox-drain';
export * from './outbox-schedule';
