import { test as base, expect } from '@playwright/test';

/**
 * Every journey fails on a page error, a console error or a CSP violation: the storefront must
 * run cleanly under the server's Content-Security-Policy.
 */
export const test = base.extend<{ pageProblems: string[] }>({
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      // Chromium reports a page served with 404 as a console error; such a page is meant to be.
      const notFoundPages = new Set<string>();
      page.on('response', (response) => {
        if (response.request().isNavigationRequest() && response.status() === 404) {
          notFoundPages.add(response.url());
        }
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error' || notFoundPages.has(message.location().url)) return;
        // An API's 4xx answer (wrong password, not an admin) is logged by Chromium but is part of
        // the journey; the page's handling of it is what the test checks.
        if (isApiClientError(message.text(), message.location().url)) return;
        problems.push(`console error: ${message.text()}`);
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
        });
      });
      await use(problems);
      expect(problems).toEqual([]);
    },
    { auto: true },
  ],
});

function isApiClientError(text: string, url: string) {
  return new URL(url, 'http://x').pathname.startsWith('/api/') && /status of 4\d\d/.test(text);
}

export { expect };
