import fs from 'node:fs';
import path from 'node:path';
import { accountMailMessages, authErrors, validation } from '@autoparts/shared';
import { logIn, logInByApi, newAccount, signUpByApi } from './accounts';
import { expect, test } from './fixtures';
import { linkIn, mailTo } from './mail';
import { oidcIssuer } from '../oidc/settings';
import { expectNoA11yViolations, followDashboardLink, widths } from './pages';

const screens = path.join(import.meta.dirname, '../.tmp/screens');
fs.mkdirSync(screens, { recursive: true });

for (const width of widths) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('a customer changes the password: other devices are signed out, the old password no longer works, the new one does', async ({
      page,
      browser,
    }) => {
      const account = newAccount('change');
      await signUpByApi(page, account);
      const other = await (await browser.newContext({ viewport: { width, height: 844 } })).newPage();
      await logInByApi(other, account);
      // The other device is on its profile, signed in, while the password changes here.
      await other.goto('/dashboard/profile');
      await expect(other.getByLabel('Name')).toHaveValue(account.name);

      await page.goto('/dashboard/profile');
      await followDashboardLink(page, 'Change password');
      await expect(page).toHaveURL('/dashboard/password');
      await expect(page.getByRole('heading', { level: 1, name: 'Change password' })).toBeVisible();
      const current = page.getByLabel('Current password');
      const next = page.getByLabel('New password', { exact: true });
      const again = page.getByLabel('Confirm new password');
      await expect(current).toBeVisible();
      await expectNoA11yViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: path.join(screens, `${width}_change-password.png`), fullPage: true });

      // The rules of sign-up, checked in the browser when sent, not on leaving a field (decision
      // 085, amended): the first click on the button after a bad value shows it.
      await current.fill(account.password);
      await next.fill('abc');
      await next.blur();
      await expect(page.getByText(validation.passwordTooShort)).toHaveCount(0);
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByText(validation.passwordTooShort)).toBeVisible();
      await expect(next).toBeFocused();
      await next.fill('my-new-secret');
      await again.fill('my-new-secrets');
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByText(validation.passwordsDiffer)).toBeVisible();

      // A wrong current password is said on its field.
      await current.fill('not-my-password');
      await again.fill('my-new-secret');
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByText(authErrors.wrongCurrentPassword)).toBeVisible({ timeout: 30_000 });
      await expect(current).toBeFocused();
      await expectNoA11yViolations(page);
      await page.screenshot({ path: path.join(screens, `${width}_change-password-refused.png`), fullPage: true });

      await current.fill(account.password);
      await page.getByRole('button', { name: 'Change password' }).click();
      // Changing hashes the new password and checks the old one, queued behind other journeys' hashing.
      await expect(page.getByRole('status').filter({ hasText: accountMailMessages.passwordChanged })).toBeVisible({ timeout: 30_000 });
      await expect(current).toHaveValue('');
      await expect(next).toHaveValue('');
      await expect(again).toHaveValue('');
      await expectNoA11yViolations(page);
      await page.screenshot({ path: path.join(screens, `${width}_change-password-done.png`), fullPage: true });

      // This device stays signed in; the other one is signed out.
      await page.goto('/dashboard/profile');
      await expect(page).toHaveURL('/dashboard/profile');
      // The other device finds out with its next request (decision 139): its save is refused and
      // it goes to Login, signed out in the header too, not left saying "try again" while signed in.
      await other.getByRole('button', { name: 'Update Profile' }).click();
      await expect(other).toHaveURL('/login');
      await expect(other.getByRole('banner').getByText(account.name)).toHaveCount(0);

      // The old password is refused, the new one signs in.
      await logIn(other, account);
      await expect(other.getByRole('alert').filter({ hasText: authErrors.invalidCredentials })).toBeVisible({ timeout: 30_000 });
      await logIn(other, { email: account.email, password: 'my-new-secret' });
      await expect(other).toHaveURL('/dashboard/profile');
      await expect(other.getByRole('banner').getByText(account.name)).toBeAttached();
    });
  });
}

test('an account that signs in with Google only is told it has no password to change, and can get one by e-mail', async ({ page, baseURL }) => {
  const name = `Google Only ${Date.now()}`;
  const email = `google-only-${Date.now()}@example.com`;
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.waitForURL((url) => url.origin === oidcIssuer);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('banner').getByText(name)).toBeAttached();

  await page.goto('/dashboard/password');
  await expect(page.getByText(authErrors.noPassword)).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveCount(0);
  await expectNoA11yViolations(page);

  // The reset link gives the account a password of its own; then the form is there.
  await page.getByRole('link', { name: 'Get a link by e-mail to choose one' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toHaveText(accountMailMessages.resetRequested);
  await page.goto(linkIn(await mailTo(email, /Reset your password/), `${baseURL}/api/auth/reset-password/`));
  await page.getByLabel('New password').fill('my-first-secret');
  await page.getByRole('button', { name: 'Save and sign in' }).click();
  await expect(page.getByText(accountMailMessages.resetDone)).toBeVisible({ timeout: 30_000 });
  await page.goto('/dashboard/password');
  await expect(page.getByLabel('Current password')).toBeVisible();
  await expect(page.getByText(authErrors.noPassword)).toHaveCount(0);
});
