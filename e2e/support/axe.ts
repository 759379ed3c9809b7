import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The rules axe-core checks: WCAG 2.0/2.1/2.2 A and AA, colour contrast included. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe-core on the page as it is now: passes when axe finds no violation at all; the report names
 * the rule and the elements. Colours are judged as they end up: the login and sign-up cards fade
 * in (1.5 s). Endless animations (spinners) are not waited for. An animation cancelled on the way
 * (its element re-rendered or removed) rejects `finished` with an AbortError; it has no end to
 * wait for, so the page is asked again until no finite animation is left running.
 */
export async function expectAccessible(page: Page, what: string) {
  await page.evaluate(async () => {
    for (;;) {
      const running = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().iterations !== Infinity,
        );
      if (running.length === 0) return;
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const problems = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n    ${violation.nodes
        .slice(0, 5)
        .map((node) => node.target.join(' '))
        .join('\n    ')}`,
  );
  expect(problems, `axe violations on ${what}`).toEqual([]);
}
