import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** A new customer for one test: nothing is shared between journeys. */
export function newAccount(prefix = 'customer'): Account {
  const id = randomUUID().slice(0, 8);
  return { name: `Test ${prefix} ${id}`, email: `${prefix}-${id}@example.com`, password: `pw-${id}-secret` };
}

/**
 * Signs up through the Signup page and waits until the header shows the account (in the folded
 * menu on a phone, hence attached rather than visible).
 */
export async function signUp(page: Page, account: Account) {
  await page.goto('/signup');
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('banner').getByText(account.name)).toBeAttached();
  // The header names the account as soon as it is signed in, a moment before the page moves on
  // from /signup: a journey that goes on at once would still act on the sign-up page.
  await expect(page).not.toHaveURL(/\/signup$/);
}

/**
 * Signs up through the API, for a journey that is not about signing up (those use `signUp`): the
 * same request the Signup page sends, from the page's own context, so the session cookie it sets
 * is the browser's. Saves the Signup page's load, its form and the move away from it. The page is
 * left where it was: the journey opens its first page after.
 */
export async function signUpByApi(page: Page, account: Account) {
  await byApi(page, '/api/auth/sign-up/email', account);
}

/**
 * Signs in through the API, for a journey that is not about signing in (those go through the Login
 * page: `logIn`): the request the Login page sends, from the page's own context, as
 * `signUpByApi` does. The page is left where it was; the web app fetches its token when it opens.
 */
export async function logInByApi(page: Page, account: Pick<Account, 'email' | 'password'>) {
  await byApi(page, '/api/auth/sign-in/email', { email: account.email, password: account.password });
}

async function byApi(page: Page, path: string, data: { email: string; password: string }) {
  // The shop's own origin, as the page would send it (a describe may point `baseURL` at a shop of its own).
  const origin = new URL((await page.request.get('/api/me')).url()).origin;
  const response = await page.request.post(path, { data, headers: { origin } });
  expect(response.status(), await response.text()).toBe(200);
  const me = await page.request.get('/api/me');
  expect(((await me.json()) as { email: string }).email).toBe(data.email);
}

/** Logs in through the Login page (the current page's URL is where it returns). */
export async function logIn(page: Page, account: Pick<Account, 'email' | 'password'>) {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

export async function signOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).first().click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).first()).toBeAttached();
}
