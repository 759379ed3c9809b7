import { test as base, expect } from '@playwright/test';

export { expect };

let counter = 0;

/**
 * Each test acts as a client of its own: a distinct address in the x-forwarded-for header
 * (a documentation range, only ever a header value) so per-IP rate limits of one test do not
 * spill into the next.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({}, use, testInfo) => {
    counter += 1;
    const octet = (testInfo.workerIndex * 97 + counter) % 250;
    await use({ 'x-forwarded-for': `198.51.100.${octet + 1}` });
  },
});
