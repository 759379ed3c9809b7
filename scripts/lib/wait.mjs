// Waiting for a server that is starting: shared by the scripts that start one (the e2e
// environment, the benchmark).

/**
 * Resolves once `url` answers with a 2xx status; rejects when it has not within `timeoutMs`.
 *
 * @param {string} url
 * @param {{ timeoutMs?: number, intervalMs?: number }} [options]
 * @returns {Promise<void>}
 */
export async function waitForUrl(url, { timeoutMs = 60_000, intervalMs = 200 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
