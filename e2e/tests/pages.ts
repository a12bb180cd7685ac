import AxeBuilder from '@axe-core/playwright';
import type { Part, PartDetail } from '@autoparts/shared';
import { test as base, type Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * For journeys that make loads fail on purpose (a stopped server, a stale asset, a photo URL that
 * does not load): Chromium's "Failed to load resource" lines are expected there, so only an
 * uncaught page error fails them.
 */
export const testWithFailingLoads = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
});

/** The widths every everyday journey runs at: a phone and a laptop. */
export const widths = [390, 1280] as const;

/**
 * Waits, on a signed-out page, for the app to have loaded: the header's Login link is drawn only
 * by the browser, once the session has answered. Until then a link is followed by the browser to
 * the server's next page (it is a plain link until React hydrates it), so a journey through the app's own navigation (a
 * held request, a stopped server) waits for this first.
 */
export async function waitForApp(page: Page) {
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true, includeHidden: true })).toBeAttached();
}

/**
 * Follows a link of the header's main navigation inside the app (on a signed-out page), opening
 * the phone menu first when it is folded.
 */
export async function followHeaderLink(page: Page, name: string) {
  await waitForApp(page);
  const banner = page.getByRole('banner');
  const menu = banner.getByRole('button', { name: 'Open menu' });
  if (await menu.isVisible()) await menu.click();
  await banner.getByRole('link', { name, exact: true }).click();
}

/** Follows a link of the dashboard's navigation, unfolding it first where it folds (an admin's, on a phone). */
export async function followDashboardLink(page: Page, name: string) {
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  await nav.waitFor();
  const fold = nav.getByRole('button', { name: /^Dashboard menu/ });
  if ((await fold.isVisible()) && (await fold.getAttribute('aria-expanded')) === 'false') await fold.click();
  await nav.getByRole('link', { name, exact: true }).click();
}

/**
 * axe on the page as it is now (open toasts included): no violation of any impact (issue 33: "axe
 * finds no violation"; until decision 218 only serious and critical ones failed, and a skipped
 * heading level or two forms of one name went by), measured
 * on the page as a user sees it once it has stopped moving. A toast's colours are half-transparent
 * while it fades (sonner fades a toast in, fades the one behind a newer toast out, and brings the
 * next one forward when the front one's time is up), and axe takes about a second: waiting once
 * for the animations running before axe starts is not enough, for a toast that arrives, expires or
 * steps forward during the check fades under axe's measuring. So the check waits until no finite
 * animation or transition runs, runs axe, and runs it again if one started meanwhile (an infinite
 * one, a spinner, never stops and is not waited for).
 *
 * axe runs in the page itself (`setLegacyMode`): by default AxeBuilder runs it in every frame,
 * then opens a blank page of its own, injects axe again and merges the frames' results there,
 * 2.0 s a check on this machine instead of 1.0 s with the same rules. That merge is for frames of
 * other origins, and the shop's pages have no frame: the check says so, so that a page that gains
 * one (a payment provider's) is never checked only in part.
 *
 * Only violations are gathered in full (axe's `resultTypes` option): the passes, the incomplete and
 * the inapplicable are cut to one element each, which the check never reads. axe runs every rule on
 * every element all the same, so it finds the same violations; a check took 0.8–1.2 s instead of
 * 0.9–2.1 s on this machine (the home page at 1280 px: 1,798 passing elements otherwise gathered).
 */
export async function expectNoA11yViolations(page: Page) {
  expect(page.frames().map((frame) => frame.url()), 'frames axe would not check').toEqual([page.url()]);
  const attempts = 5;
  for (let attempt = 1; ; attempt += 1) {
    await page.waitForFunction(motion, 'settled' as const, { polling: 'raf' });
    await page.evaluate(motion, 'watch' as const);
    const results = await new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] }).analyze();
    const movedDuringCheck = await page.evaluate(motion, 'moved' as const);
    const found = results.violations.map((violation) => `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
    if (found.length > 0 && movedDuringCheck && attempt < attempts) continue;
    expect(found, movedDuringCheck ? `the page was still moving after ${attempts} checks` : undefined).toEqual([]);
    return;
  }
}

/**
 * In the page, the one test of "is anything still moving" the axe check asks before and after axe
 * runs: a finite animation or transition running (an infinite one, a spinner, never stops and does
 * not count). Playwright sends the function's text to the page, so it closes over nothing; `step`
 * says which question it answers:
 * - `settled`: nothing moves and every toast has mounted (axe may start);
 * - `watch`: from now on, note any finite transition or animation that starts or repeats;
 * - `moved`: stop noting; whether anything moved since `watch`, or moves still.
 */
function motion(step: 'settled' | 'watch' | 'moved'): boolean {
  const watch = window as typeof window & { a11yCheckSawMotion?: boolean; a11yCheckStopWatching?: () => void };
  const moving = document.getAnimations().some((animation) => animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity);
  if (step === 'settled') return !moving && [...document.querySelectorAll('[data-sonner-toast]')].every((toast) => toast.getAttribute('data-mounted') === 'true');
  if (step === 'watch') {
    watch.a11yCheckSawMotion = false;
    const sawMotion = (event: Event) => {
      if (event instanceof AnimationEvent && event.target instanceof Element && getComputedStyle(event.target).animationIterationCount === 'infinite') return;
      watch.a11yCheckSawMotion = true;
    };
    const kinds = ['transitionrun', 'animationstart', 'animationiteration'] as const;
    for (const kind of kinds) document.addEventListener(kind, sawMotion, true);
    watch.a11yCheckStopWatching = () => {
      for (const kind of kinds) document.removeEventListener(kind, sawMotion, true);
    };
    return true;
  }
  watch.a11yCheckStopWatching?.();
  return watch.a11yCheckSawMotion === true || moving;
}

/** Places an order for `partId` at its minimum quantity through the part page; returns to nothing. */
export async function orderPart(page: Page, partId: string) {
  await page.goto(`/part/${partId}`);
  await page.getByLabel('Address').fill('1200 Foundry Road, Detroit');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('You have successfully placed an order')).toBeVisible();
}

/**
 * Pays the order of `partName` from My Orders' Pay Now with the test stand-in's good card, and
 * waits for the payment page to say Paid.
 */
export async function payNowFromDashboard(page: Page, partName: string) {
  await page.goto('/dashboard');
  await page.getByRole('row').filter({ hasText: partName }).getByRole('link', { name: 'Pay Now' }).click();
  await page.getByLabel(/card number/i).fill('4242 4242 4242 4242');
  await page.getByLabel(/expiry/i).fill('12/34');
  await page.getByLabel(/cvc/i).fill('123');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByText('Paid', { exact: true }).first()).toBeVisible();
}

/**
 * Places an order for `partId` at its minimum quantity through the API (`POST /api/order` with the
 * account's name and an address, as the part page's Place Order; no quoted price, so the server's
 * is taken), for a journey whose order is a set-up only (ordering has its own journeys:
 * `orderPart`, orders and checkout). Returns the order's id.
 */
export async function orderPartByApi(page: Page, partId: string): Promise<string> {
  const me = await page.request.get('/api/me');
  const origin = new URL(me.url()).origin;
  const { name } = (await me.json()) as { name: string };
  const { minOrderQuantity } = (await (await page.request.get(`/api/part/${partId}`)).json()) as PartDetail;
  const placed = await page.request.post('/api/order', {
    headers: { origin },
    data: { partId, customername: name, address: '1200 Foundry Road, Detroit', orderQuantity: minOrderQuantity },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  return ((await placed.json()) as { insertedId: string }).insertedId;
}

/**
 * Pays order `orderId` with the test stand-in's good card through the API (`POST
 * /api/payments/test/pay`, the session's cookie naming the payer), for a journey whose payment is a
 * set-up only (paying has its own journeys: `payNowFromDashboard`, orders, checkout).
 */
export async function payByApi(page: Page, orderId: string) {
  const origin = new URL((await page.request.get('/api/me')).url()).origin;
  const paid = await page.request.post('/api/payments/test/pay', {
    headers: { origin },
    data: { orderId, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
}

/** Whether the element lies wholly inside the viewport's width (not behind a sideways scroll). */
export async function expectWithinViewportWidth(page: Page, locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

/**
 * `count` parts of the demo catalogue with room in stock for `room` times their minimum order, with
 * their details: the first such parts, or the last (`from: 'end'`) to keep clear of other journeys'.
 */
export async function roomyParts(page: Page, count: number, { room = 6, from = 'start' }: { room?: number; from?: 'start' | 'end' } = {}): Promise<PartDetail[]> {
  const parts = (await (await page.request.get('/api/parts')).json()) as Part[];
  const roomy = parts.filter((part) => part.availableQuantity >= part.minOrderQuantity * room);
  const chosen = from === 'end' ? roomy.slice(-count) : roomy.slice(0, count);
  expect(chosen, `${count} parts with room for ${room} × their minimum order`).toHaveLength(count);
  return Promise.all(chosen.map(async (part) => (await (await page.request.get(`/api/part/${part._id}`)).json()) as PartDetail));
}
