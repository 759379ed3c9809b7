/**
 * Where the server process is in its life. The production server (scripts/serve.mjs, outside
 * the Next.js bundle but in the same process) sets `globalThis.__storefrontLifecycle =
 * { shuttingDown: true }` when it receives SIGTERM or SIGINT: from then on GET /api/health/ready
 * answers 503, so a load balancer stops sending new requests while those in flight finish.
 *
 * Work that must end with the process (sending the last traces) registers a step with
 * `atShutdown`: the server runs the steps once its requests in flight have finished, before it
 * exits, all within SHUTDOWN_TIMEOUT_MS.
 */

/** A step of the shutdown, with a name for the log. */
export interface ShutdownStep {
  name: string;
  run: () => Promise<void>;
}

declare global {
  var __storefrontLifecycle: { shuttingDown?: boolean } | undefined;
  var __storefrontShutdownSteps: ShutdownStep[] | undefined;
}

/** Whether the server has been told to stop (its requests in flight are finishing). */
export function isShuttingDown(): boolean {
  return globalThis.__storefrontLifecycle?.shuttingDown === true;
}

/**
 * Runs `run` when the server shuts down, after its requests in flight (once per name: a second
 * registration of the same name replaces the first).
 */
export function atShutdown(name: string, run: () => Promise<void>): void {
  const steps = (globalThis.__storefrontShutdownSteps ??= []);
  const index = steps.findIndex((step) => step.name === name);
  if (index === -1) steps.push({ name, run });
  else steps[index] = { name, run };
}
