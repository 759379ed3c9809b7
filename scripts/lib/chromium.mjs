// Which Chromium the browser tests and the Lighthouse benchmark drive.
import fs from 'node:fs';

/** Where Debian, Ubuntu and Google install their browsers. */
const systemBrowsers = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * CHROME_PATH, else a system Chromium; undefined when there is neither, and then Playwright
 * uses its own Chromium (installed with `npx playwright install chromium`).
 *
 * @returns {string | undefined}
 */
export function chromiumPath() {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  return systemBrowsers.find((file) => fs.existsSync(file));
}
