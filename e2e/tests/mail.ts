import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { mailDir } from '../mail/settings';

export interface SentMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Waits for the message to `to` whose subject matches, as the SMTP sink received it. */
export async function mailTo(to: string, subject: RegExp): Promise<SentMail> {
  let found: SentMail | undefined;
  await expect
    .poll(
      async () => {
        // The sink's whole messages (`<n>.json`), not one it is still writing (`<n>.json.part`).
        const files = (await readdir(mailDir).catch(() => [] as string[])).filter((file) => file.endsWith('.json'));
        const mails = await Promise.all(
          files.map(async (file) => JSON.parse(await readFile(path.join(mailDir, file), 'utf8')) as SentMail),
        );
        found = mails.find((mail) => mail.to === to.toLowerCase() && subject.test(mail.subject));
        return found !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found as SentMail;
}

/** The link in a message's text that starts with `prefix`. */
export function linkIn(mail: SentMail, prefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link to ${prefix} in: ${mail.text}`);
  return link;
}

/**
 * Confirms `email`'s address the way its holder does: follows the link its sign-up mailed, in
 * `page`. A company's owner must have done so to be made one at once (decision 144).
 */
export async function confirmByMail(page: Page, email: string, baseURL: string | undefined) {
  await page.goto(linkIn(await mailTo(email, /Confirm your e-mail address/), `${baseURL ?? ''}/api/auth/verify-email?`));
  await expect(page).toHaveURL(/\/verify-email\?done=1$/);
}
