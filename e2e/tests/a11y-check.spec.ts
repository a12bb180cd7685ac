import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoA11yViolations } from './pages';

/**
 * The journeys' axe check itself (`expectNoA11yViolations`): it passes a still page without
 * faults, fails a still page with one of any impact after a single axe run, and runs axe again (up to five
 * times in all) only while the page moved during the run, then fails saying so. Each axe run is
 * counted by the motion watch it starts (`a11yCheckSawMotion` set to false).
 */
const countAxeRuns = () => {
  const counted = window as typeof window & { axeRuns?: number; sawMotion?: boolean };
  counted.axeRuns = 0;
  Object.defineProperty(window, 'a11yCheckSawMotion', {
    configurable: true,
    get: () => counted.sawMotion,
    set: (value: boolean) => {
      if (value === false) counted.axeRuns = (counted.axeRuns ?? 0) + 1;
      counted.sawMotion = value;
    },
  });
};
const axeRuns = (page: Page) => page.evaluate(() => (window as typeof window & { axeRuns?: number }).axeRuns);

// An image without a text alternative: a critical fault (axe's image-alt).
const faulty = '<main><h1>Check</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="10" height="10"></main>';

test('passes a still page without faults, after one axe run', async ({ page }) => {
  await page.setContent('<html lang="en"><head><title>Check</title></head><body><main><h1>Check</h1><p>Nothing moves.</p></main></body></html>');
  await page.evaluate(countAxeRuns);
  await expectNoA11yViolations(page);
  expect(await axeRuns(page)).toBe(1);
});

test('fails a still page with a critical fault at once, after one axe run', async ({ page }) => {
  await page.setContent(`<html lang="en"><head><title>Check</title></head><body>${faulty}</body></html>`);
  await page.evaluate(countAxeRuns);
  const failure = await expectNoA11yViolations(page).then(
    () => undefined,
    (error: Error) => error,
  );
  expect(failure?.message).toContain('image-alt');
  expect(failure?.message).not.toContain('still moving');
  expect(await axeRuns(page)).toBe(1);
});

test('runs axe again while the page moved during the run, five times at most, and then says it was still moving', async ({ page }) => {
  await page.setContent(`<html lang="en"><head><title>Check</title></head><body>${faulty}<p id="blink" style="transition: opacity 30ms">Moving</p></body></html>`);
  await page.evaluate(countAxeRuns);
  // A short transition started again and again: the page is still between two of them (the check
  // starts) and moves again while axe runs.
  await page.evaluate(() => {
    const blink = document.getElementById('blink');
    setInterval(() => blink?.style.setProperty('opacity', blink.style.opacity === '0.9' ? '1' : '0.9'), 60);
  });
  const failure = await expectNoA11yViolations(page).then(
    () => undefined,
    (error: Error) => error,
  );
  expect(failure?.message).toContain('the page was still moving after 5 checks');
  expect(failure?.message).toContain('image-alt');
  expect(await axeRuns(page)).toBe(5);
});

test('fails a still page with a moderate fault too: a heading level skipped', async ({ page }) => {
  await page.setContent('<html lang="en"><head><title>Check</title></head><body><main><h1>Check</h1><h3>A level skipped</h3></main></body></html>');
  const failure = await expectNoA11yViolations(page).then(
    () => undefined,
    (error: Error) => error,
  );
  expect(failure?.message).toContain('heading-order (moderate)');
});
