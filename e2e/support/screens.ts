import fs from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect } from './fixtures';

/** The two widths every new screen is looked at: a desktop and a small phone. */
export const VIEWPORTS = [
  { width: 1280, height: 900, label: 'desktop' },
  { width: 375, height: 812, label: 'mobile' },
] as const;
export type Viewport = (typeof VIEWPORTS)[number];

/** Saves a screenshot of the page as it is now and attaches it to the test's report. */
export async function attachScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { fullPage = true } = {},
): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/**
 * Opens `path` at the viewport's size, waits for its heading (and what `ready` waits for),
 * checks that nothing sticks out sideways but the tables' own scrolling frames, and attaches a
 * full-page screenshot named `{name}-{label}`.
 */
export async function screenAt(
  page: Page,
  path: string,
  name: string,
  viewport: Viewport,
  testInfo: TestInfo,
  ready?: (page: Page) => Promise<void>,
): Promise<void> {
  await page.setViewportSize({ width: viewport.width, height: viewport.height });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await ready?.(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} at ${viewport.width} px`).toBeLessThanOrEqual(0);
  await attachScreenshot(page, testInfo, `${name}-${viewport.label}`);
}

/** Saves a full-page screenshot of the page as it is now, to be looked at (not compared). */
export async function saveShot(
  page: Page,
  dir: string,
  name: string,
  { fullPage = true } = {},
): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
}

/**
 * The screen as it is now at the two widths every new screen is looked at (1280 and 390 px):
 * axe finds nothing, nothing sticks out sideways but the tables' own scrolling frames, and a
 * screenshot of each goes to `shotsDir` when there is one (of the window only with `fullPage:
 * false`). Leaves the page at 1280 px.
 */
export async function accessibleAtBothWidths(
  page: Page,
  what: string,
  shotsDir: string | undefined,
  { fullPage = true } = {},
): Promise<void> {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expectAccessible(page, `${what} at ${width} px`);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${what} at ${width} px sticks out sideways`).toBeLessThanOrEqual(0);
    if (shotsDir) {
      await saveShot(page, shotsDir, `${what.replace(/\W+/g, '-')}-${width}`, { fullPage });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
