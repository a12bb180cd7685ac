import { authErrors, notices, validation } from '@autoparts/shared';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { oidcIssuer } from '../oidc/settings';
import { logIn, newAccount, signOut, signUp } from './accounts';

const storedToken = (page: Page) =>
  page.evaluate(() => localStorage.getItem('accessToken'));

test('sign up, see the account in the header, sign out', async ({ page }) => {
  const account = newAccount();
  await signUp(page, account);
  await expect(page).toHaveURL('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Dashboard' }).first()).toBeAttached();
  expect(await storedToken(page)).toBeTruthy();

  await signOut(page);
  expect(await storedToken(page)).toBeNull();
  await expect(header.getByText(account.name)).toHaveCount(0);
});

test('a signed-out visit to a signed-in page logs in and returns there', async ({ page }) => {
  const account = newAccount();
  await signUp(page, account);
  await signOut(page);

  await page.goto('/dashboard/profile');
  await expect(page).toHaveURL('/login');
  await logIn(page, account);
  await expect(page).toHaveURL('/dashboard/profile');
  await expect(page.getByText(account.email).first()).toBeVisible();
  expect(await storedToken(page)).toBeTruthy();
});

test('login and signup show every validation message of the spec', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText(validation.emailRequired)).toBeVisible();
  await expect(page.getByText(validation.passwordRequired)).toBeVisible();
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByLabel('Password').fill('123');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText(validation.emailInvalid)).toBeVisible();
  await expect(page.getByText(validation.passwordTooShort)).toBeVisible();

  await page.goto('/signup');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText(validation.nameRequired)).toBeVisible();
  await expect(page.getByText(validation.emailRequired)).toBeVisible();
  await expect(page.getByText(validation.passwordRequired)).toBeVisible();
});

test('a wrong password and a taken e-mail are explained in red', async ({ page }) => {
  const account = newAccount();
  await signUp(page, account);
  await signOut(page);

  await page.goto('/login');
  await logIn(page, { email: account.email, password: 'wrong-password' });
  const alert = page.getByRole('alert').filter({ hasText: authErrors.invalidCredentials });
  await expect(alert).toBeVisible();
  await expect(alert).toHaveClass(/text-red/);

  await page.goto('/signup');
  await page.getByLabel('Name').fill('Someone Else');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill('another-secret');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('alert').filter({ hasText: authErrors.emailInUse })).toBeVisible();
});

test('Continue with Google signs in through the OpenID provider', async ({ page }) => {
  const name = `Google User ${Date.now()}`;
  const email = `google-${Date.now()}@example.com`;
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  // The test identity provider's own page, on its own origin.
  await page.waitForURL((url) => url.origin === oidcIssuer);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page.getByRole('banner').getByText(name)).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect.poll(() => storedToken(page)).toBeTruthy();
});

test('Google cancelled at its page: back on Login, saying so, and a password sign-in still returns to the page left', async ({ page }) => {
  const account = newAccount();
  await signUp(page, account);
  await signOut(page);

  await page.goto('/dashboard/review');
  await expect(page).toHaveURL('/login');
  // The sign-in's state, as Google is asked for it: Google hands it back with its answer.
  const authorization = page.waitForRequest((request) => new URL(request.url()).origin === oidcIssuer && new URL(request.url()).searchParams.has('state'));
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const state = new URL((await authorization).url()).searchParams.get('state') ?? '';
  await page.waitForURL((url) => url.origin === oidcIssuer);
  // Cancel on Google's page: Google sends the browser back to the shop with `error=access_denied`
  // (RFC 6749 §4.1.2.1). The test provider has no Cancel button, so the browser goes there itself.
  await page.goto(`/api/auth/callback/google?error=access_denied&state=${encodeURIComponent(state)}`);
  await expect(page).toHaveURL(/^[^?]*\/login\?/);
  await expect(page.getByRole('alert')).toHaveText(authErrors.googleFailed);

  await logIn(page, account);
  await expect(page).toHaveURL('/dashboard/review');
  await expect(page.getByRole('heading', { level: 1, name: 'Add a Review' })).toBeVisible();
});

test('the profile saves name, education, location, phone and linkedin', async ({ page }) => {
  const account = newAccount();
  await signUp(page, account);
  await page.goto('/dashboard/profile');
  await expect(page.getByText(account.email).first()).toBeVisible();

  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  await field('Phone').fill('not a number');
  await page.getByRole('button', { name: /update/i }).click();
  await expect(page.getByText(validation.phoneCharacters)).toBeVisible();

  await field('Name').fill('Renamed Customer');
  await field('Education').fill('Automotive engineering');
  await field('Location').fill('Detroit');
  await field('Phone').fill('(217) 555-0100');
  await field('LinkedIn').fill('https://www.linkedin.com/in/renamed');
  await page.getByRole('button', { name: /update/i }).click();
  await expect(page.getByText(notices.profileUpdated)).toBeVisible();
  // The form shows what the account keeps, without a reload.
  await expect(field('Phone')).toHaveValue('+1 217 555 0100');

  await page.reload();
  await expect(field('Location')).toHaveValue('Detroit');
  await expect(field('Phone')).toHaveValue('+1 217 555 0100');
  await expect(page.getByRole('banner').getByText('Renamed Customer')).toBeVisible();
});
