import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** The widths every everyday journey runs at: a phone and a laptop. */
export const widths = [390, 1280] as const;

/** Follows a link of the header's main navigation, opening the phone menu first when it is folded. */
export async function followHeaderLink(page: Page, name: string) {
  const banner = page.getByRole('banner');
  const menu = banner.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await banner.getByRole('link', { name, exact: true }).click();
}

/** axe on the page as it is now (open toasts included): no serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const severe = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(severe).toEqual([]);
}
