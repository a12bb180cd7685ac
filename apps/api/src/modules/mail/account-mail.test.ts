import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { passwordChangedMail, validation } from '@autoparts/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken, newAccount, postSignIn, sessionCookie, signIn, signUp, whoAmI } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { byToken, call, expectReply } from '../../test/admin';
import { createTestCompany } from '../../test/company';
import { signUpAdmin, signUpCustomer } from '../../test/orders';
import { resetTokenKey } from '../auth/auth';
import { continueWithGoogle, startOidcProvider } from '../../test/oidc';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { eventually } from '../../test/wait';
import { TOKEN_REMOVED } from './repository';

// Account recovery and verified addresses, through a real SMTP server on loopback and
// the journeys' OpenID Connect provider standing in for Google.
let smtp: TestSmtpServer;
let app: FastifyInstance;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Parts Shop <shop@example.com>' } });
});

afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const forgot = (email: string, remoteAddress?: string, shop = app) =>
  shop.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email }, remoteAddress });
const reset = (token: string, newPassword: string) =>
  app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword } });
/** The reset link's token: the last segment of Better Auth's `/api/auth/reset-password/<token>`. */
const tokenOf = (link: string) => decodeURIComponent(new URL(link).pathname.split('/').pop() ?? '');

/** Where opening a mailed link sends the browser (its `Location`). */
async function opened(link: string) {
  const { pathname, search } = new URL(link);
  const response = await app.inject({ method: 'GET', url: `${pathname}${search}` });
  expect(response.statusCode, response.body).toBe(302);
  return response.headers.location;
}

describe('forgot password', () => {
  it('mails a link; the new password signs in, the address counts as confirmed, and every other session and access token is gone', async () => {
    const account = newAccount('reset');
    const first = await signUp(app, account);
    const confirmed = async () =>
      (await app.db.selectFrom('users').select('email_verified').where('email', '=', account.email.toLowerCase()).executeTakeFirstOrThrow()).email_verified;
    expect(await confirmed()).toBe(false);
    const second = await signIn(app, account);
    const token = await issueToken(app, second, account.email);

    const response = await forgot(account.email);
    expect(response.statusCode, response.body).toBe(200);
    const mail = await smtp.waitFor(account.email, /Reset your password/);
    expect(mail.from).toBe('shop@example.com');
    expect(mail.html).toContain('Choose a new password');
    const link = linkIn(mail, `${app.config.baseUrl}/api/auth/reset-password/`);

    const done = await reset(tokenOf(link), 'a-brand-new-password');
    expect(done.statusCode, done.body).toBe(200);
    // Signed in with the new password: the reply carries a fresh session.
    expect(await whoAmI(app, { cookie: sessionCookie(done) })).toBe(account.email.toLowerCase());
    expect(await whoAmI(app, { cookie: first })).toBeNull();
    expect(await whoAmI(app, { cookie: second })).toBeNull();
    expect(await whoAmI(app, { authorization: `Bearer ${token}` })).toBeNull();
    // Whoever chose the new password read the link at the address: as good as the confirmation
    // link (a squatted address's owner then links Google, or is made an admin, without a second mail).
    expect(await confirmed()).toBe(true);

    expect((await postSignIn(app, { email: account.email, password: account.password })).statusCode).toBe(401);
    await signIn(app, { email: account.email, password: 'a-brand-new-password' });
  });

  it('refuses a link used once already, and an expired one', async () => {
    const account = newAccount('reset-twice');
    await signUp(app, account);
    await forgot(account.email);
    const link = linkIn(await smtp.waitFor(account.email, /Reset your password/), `${app.config.baseUrl}/api/auth/reset-password/`);
    // Opened while live, the link's check hands the token on to the shop's page.
    expect(await opened(link)).toBe(`${app.config.baseUrl}/reset-password?token=${encodeURIComponent(tokenOf(link))}`);
    expect((await reset(tokenOf(link), 'first-new-password')).statusCode).toBe(200);

    // Opened again, the page says at once that the link is dead (no token handed on).
    expect(await opened(link)).toBe(`${app.config.baseUrl}/reset-password?error=INVALID_TOKEN`);
    const again = await reset(tokenOf(link), 'second-new-password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_TOKEN' });

    const other = newAccount('reset-late');
    await signUp(app, other);
    await forgot(other.email);
    const late = linkIn(await smtp.waitFor(other.email, /Reset your password/), `${app.config.baseUrl}/api/auth/reset-password/`);
    // An hour later, as the database sees it.
    const key = resetTokenKey(tokenOf(late));
    // Only the token's hash is stored.
    expect(await app.db.selectFrom('verifications').select('id').where('identifier', 'like', `%${tokenOf(late)}%`).execute()).toEqual([]);
    await sql`update verifications set expires_at = now() - interval '1 second' where identifier = ${key}`.execute(app.db);
    expect(await opened(late)).toBe(`${app.config.baseUrl}/reset-password?error=INVALID_TOKEN`);
    const expired = await reset(tokenOf(late), 'too-late-password');
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    await signIn(app, other);
  });

  it('the link carries the page the customer was going to; a page of no shop is refused', async () => {
    const account = newAccount('reset-from');
    await signUp(app, account);
    const asked = await app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: account.email, from: '/cart?step=2#pay' } });
    expect(asked.statusCode, asked.body).toBe(200);
    const link = linkIn(await smtp.waitFor(account.email, /Reset your password/), `${app.config.baseUrl}/api/auth/reset-password/`);
    const back = `${app.config.baseUrl}/reset-password?${new URLSearchParams({ from: '/cart?step=2#pay', token: tokenOf(link) })}`;
    expect(await opened(link)).toBe(back);

    for (const from of ['//evil.example/x', 'https://evil.example/x', '/\\evil.example', 'cart', `/${'x'.repeat(1024)}`]) {
      const refused = await app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: account.email, from } });
      expect(refused.statusCode, from).toBe(400);
    }
  });

  it('a reset, or a change of password, spends every other link mailed for the account', async () => {
    const account = newAccount('reset-two-links');
    await signUp(app, account);
    const links = async (count: number) => {
      await eventually(async () => smtp.to(account.email).filter((mail) => /Reset your password/.test(mail.subject)).length === count);
      return smtp
        .to(account.email)
        .filter((mail) => /Reset your password/.test(mail.subject))
        .map((mail) => tokenOf(linkIn(mail, `${app.config.baseUrl}/api/auth/reset-password/`)));
    };
    await forgot(account.email);
    await forgot(account.email);
    const [first = '', second = ''] = await links(2);
    expect((await reset(first, 'recovered-password-1')).statusCode).toBe(200);
    const older = await reset(second, 'the-other-link-password');
    expect(older.statusCode).toBe(400);
    expect(older.json()).toMatchObject({ code: 'INVALID_TOKEN' });

    await forgot(account.email);
    const third = (await links(3))[2] ?? '';
    const signedIn = await signIn(app, { email: account.email, password: 'recovered-password-1' });
    const change = await app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: signedIn },
      payload: { currentPassword: 'recovered-password-1', newPassword: 'changed-password-2' },
    });
    expect(change.statusCode).toBe(200);
    expect((await reset(third, 'the-third-link-password')).statusCode).toBe(400);
    await signIn(app, { email: account.email, password: 'changed-password-2' });
  });

  it('a reset and a change of password each tell the owner: when, and to reset it if it was not them', async () => {
    const account = newAccount('told-of-change');
    await signUp(app, account);
    const told = async (count: number) => {
      await eventually(async () => smtp.to(account.email).filter((mail) => mail.subject === passwordChangedMail.subject).length === count);
      return smtp.to(account.email).filter((mail) => mail.subject === passwordChangedMail.subject);
    };
    await forgot(account.email);
    const mail = await smtp.waitFor(account.email, /Reset your password/);
    expect((await reset(tokenOf(linkIn(mail, `${app.config.baseUrl}/api/auth/reset-password/`)), 'recovered-password-1')).statusCode).toBe(200);
    const [afterReset] = await told(1);
    // The time in the shop's zone, named ("Dec 5, 2026, 10:40 AM EST").
    expect(afterReset?.text).toMatch(/was changed on [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M [A-Z]{3,4}\./);
    expect(afterReset?.text).toContain(passwordChangedMail.notYou);
    expect(afterReset?.text).toContain(`${passwordChangedMail.button}: ${app.config.baseUrl}/forgot-password\n`);
    expect(afterReset?.html).toContain(`href="${app.config.baseUrl}/forgot-password"`);
    expect(afterReset?.html).toContain(passwordChangedMail.button);

    const signedIn = await signIn(app, { email: account.email, password: 'recovered-password-1' });
    const change = (currentPassword: string) =>
      app.inject({ method: 'POST', url: '/api/auth/change-password', headers: { cookie: signedIn }, payload: { currentPassword, newPassword: 'changed-password-2' } });
    // A wrong current password changes nothing and tells nobody.
    expect((await change('not-the-password')).statusCode).toBe(400);
    expect((await change('recovered-password-1')).statusCode).toBe(200);
    const mails = await told(2);
    expect(mails[1]?.text).toContain(passwordChangedMail.notYou);
    await eventually(async () => {
      const unsent = await app.db.selectFrom('mail_outbox').select('id').where('sent_at', 'is', null).execute();
      return unsent.length === 0;
    });
    expect(smtp.to(account.email).filter((sent) => sent.subject === passwordChangedMail.subject)).toHaveLength(2);
  });

  it('answers the same whether or not an account has the address, and sends nothing for none', async () => {
    const known = newAccount('reset-known');
    await signUp(app, known);
    const [yes, no] = await Promise.all([forgot(known.email), forgot('nobody-here@example.com')]);
    expect(yes.statusCode).toBe(200);
    expect(no.statusCode).toBe(200);
    expect(no.json()).toEqual(yes.json());
    await smtp.waitFor(known.email, /Reset your password/);
    const rows = await app.db.selectFrom('mail_outbox').select('recipient').where('recipient', '=', 'nobody-here@example.com').execute();
    expect(rows).toHaveLength(0);
  });

  it('checks the new password by the sign-up rules and the body by the shared schema', async () => {
    const short = await reset('some-token', 'abc');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: 'Must be 6 characters or longer' });
    const badEmail = await forgot('not-an-address');
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toEqual({ message: 'Provide a valid Email' });
  });
});

describe('verified addresses', () => {
  it('sign-up mails a confirmation link; following it confirms the address', async () => {
    const account = newAccount('verify');
    const cookie = await signUp(app, account);
    const me = async () => (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json() as { emailVerified: boolean };
    expect((await me()).emailVerified).toBe(false);

    const mail = await smtp.waitFor(account.email, /Confirm your e-mail address/);
    // The address may be a stranger's: nothing the one who signed up wrote is repeated to it.
    expect(mail.text).not.toContain(account.name);
    expect(mail.html).not.toContain(account.name);
    expect(mail.text).toMatch(/^Hello,/);
    const link = linkIn(mail, `${app.config.baseUrl}/api/auth/verify-email?`);
    const followed = await app.inject({ method: 'GET', url: link.slice(app.config.baseUrl.length) });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe('/verify-email?done=1');
    expect((await me()).emailVerified).toBe(true);
  });

  it('a name carrying a web or e-mail address is refused at sign-up, and nothing is mailed', async () => {
    const account = { ...newAccount('stranger'), name: 'Your card was charged $950: visit https://evil.example' };
    const response = await app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: account });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: validation.nameNoLinks });
    const { rows } = await sql<{ count: string }>`select count(*) from mail_outbox where recipient = ${account.email}`.execute(app.db);
    expect(Number(rows[0]?.count)).toBe(0);
  });

  it('a reset link to an address not yet confirmed does not repeat the name either', async () => {
    const account = newAccount('unconfirmed');
    await signUp(app, account);
    expect((await forgot(account.email)).statusCode).toBe(200);
    const mail = await smtp.waitFor(account.email, /Reset your password/);
    expect(mail.text).not.toContain(account.name);
    expect(mail.text).toMatch(/^Hello,/);
  });

  it('a broken link lands on the page with its error', async () => {
    const followed = await app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=not-a-token&callbackURL=${encodeURIComponent('/verify-email?done=1')}`,
    });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toMatch(/^\/verify-email\?done=1&error=/);
  });

  it('a link whose landing page is not the shop’s is refused', async () => {
    const followed = await app.inject({ method: 'GET', url: `/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent('https://evil.example/')}` });
    expect(followed.statusCode).toBe(400);
    expect(followed.json()).toEqual({ message: 'This confirmation link is not one the shop sent.' });
  });

  it('the profile can send the link again', async () => {
    const account = newAccount('verify-again');
    const cookie = await signUp(app, account);
    await smtp.waitFor(account.email, /Confirm your e-mail address/);
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      headers: { cookie },
      payload: { email: account.email },
    });
    expect(again.statusCode, again.body).toBe(200);
    await eventuallyCount(account.email, /Confirm your e-mail address/, 2);
  });

  it('the link asked for again within a minute (a double-click, two tabs) is answered as sent and sends nothing; a minute later it is sent', async () => {
    const account = newAccount('verify-double');
    const cookie = await signUp(app, account);
    await smtp.waitFor(account.email, /Confirm your e-mail address/);
    const resend = () => app.inject({ method: 'POST', url: '/api/auth/send-verification-email', headers: { cookie }, payload: { email: account.email } });
    const links = () => confirmationLinks(app, account.email);
    expect(await links()).toBe(1);

    // Both presses of a double-click reach the server together.
    const [first, second] = await Promise.all([resend(), resend()]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect([first.json(), second.json()]).toEqual([{ status: true }, { status: true }]);
    expect(await links()).toBe(2);
    const third = await resend();
    expect(third.statusCode).toBe(200);
    expect(third.json()).toEqual({ status: true });
    expect(await links()).toBe(2);

    await endCooldown(app, account.email);
    expect((await resend()).statusCode).toBe(200);
    expect(await links()).toBe(3);
  });

  it('a link Better Auth refused to send starts no minute of waiting', async () => {
    const account = newAccount('verify-refused');
    const other = newAccount('verify-other');
    const cookie = await signUp(app, account);
    await signUp(app, other);
    await smtp.waitFor(other.email, /Confirm your e-mail address/);
    // Another account's e-mail, with this one's session: refused, nothing sent.
    const foreign = await app.inject({ method: 'POST', url: '/api/auth/send-verification-email', headers: { cookie }, payload: { email: other.email } });
    expect(foreign.statusCode).toBe(400);
    // The other account's owner still gets the link at once.
    const own = await app.inject({ method: 'POST', url: '/api/auth/send-verification-email', payload: { email: other.email } });
    expect(own.statusCode).toBe(200);
    expect(await confirmationLinks(app, other.email)).toBe(2);
  });
});

/** How many confirmation links the shop has written for `email` (the outbox row is written before the reply). */
async function confirmationLinks(shop: FastifyInstance, email: string) {
  const { rows } = await sql<{ count: string }>`select count(*) from mail_outbox where kind = 'verify-email' and recipient = ${email.toLowerCase()}`.execute(shop.db);
  return Number(rows[0]?.count);
}

/** The minute between two confirmation links to `email` over, as the database sees it. */
async function endCooldown(shop: FastifyInstance, email: string) {
  await sql`update rate_counters set window_started_at = now() - interval '61 seconds' where key = ${`verification:cooldown:${email.toLowerCase()}`}`.execute(shop.db);
}

describe('a sent message’s one-time token', () => {
  /** The outbox's row of the message, once the worker has marked it sent. */
  async function storedOnceSent(to: string, kind: string) {
    let row: { html: string; text: string; secret: string | null } | undefined;
    await eventually(async () => {
      row = await app.db.selectFrom('mail_outbox').select(['html', 'text', 'secret', 'sent_at']).where('recipient', '=', to.toLowerCase()).where('kind', '=', kind).where('sent_at', 'is not', null).executeTakeFirst();
      return row !== undefined;
    });
    return row as { html: string; text: string; secret: string | null };
  }

  // The tables the tokens are checked against keep only hashes; the outbox kept a sent message's
  // link, token and all, for 30 days (decision 151): a reset link, a confirmation, an invitation
  // (an owner's, too) readable to anyone with the database or a backup of it.
  it('is gone from the outbox once the message is sent: a reset, a confirmation, an invitation', async () => {
    const account = newAccount('token-kept');
    await signUp(app, account);
    const confirmation = await smtp.waitFor(account.email, /Confirm your e-mail address/);
    await forgot(account.email);
    const resetMail = await smtp.waitFor(account.email, /Reset your password/);
    const owner = await signUpCustomer(app, 'token-owner');
    const admin = await signUpAdmin(app, 'token-admin');
    await createTestCompany(app, admin, owner);
    const invitee = newAccount('token-invitee').email;
    expectReply(await call(app, byToken(owner), { method: 'POST', url: '/api/company/invitations', payload: { email: invitee, role: 'owner' } }), 200);
    const invitation = await smtp.waitFor(invitee, /^Join /);

    for (const [mail, kind, to, prefix] of [
      [resetMail, 'reset-password', account.email, `${app.config.baseUrl}/api/auth/reset-password/`],
      [confirmation, 'verify-email', account.email, `${app.config.baseUrl}/api/auth/verify-email?token=`],
      [invitation, 'company-invitation', invitee, `${app.config.baseUrl}/company/invitations/`],
    ] as const) {
      const link = linkIn(mail, prefix);
      const token = kind === 'verify-email' ? (new URL(link).searchParams.get('token') ?? '') : (link.slice(prefix.length).split('?')[0] ?? '');
      expect(token.length, kind).toBeGreaterThan(15);
      // The customer got it ...
      expect(mail.html, kind).toContain(token);
      // ... and the shop keeps the message without it.
      const stored = await storedOnceSent(to, kind);
      expect(stored.text, kind).not.toContain(token);
      expect(stored.html, kind).not.toContain(token);
      expect(stored.secret, kind).toBeNull();
      expect(stored.text, kind).toContain(`${prefix}${TOKEN_REMOVED}`);
    }
    // The link still works: it is the token's hash that the shop checks.
    expect((await reset(tokenOf(linkIn(resetMail, `${app.config.baseUrl}/api/auth/reset-password/`)), 'after-the-outbox-forgot')).statusCode).toBe(200);
  });
});

describe('limits', () => {
  /** A shop with its real limits for `run`, closed afterwards; `ask` requests `email`'s reset link from an address. */
  async function withResetLimits(email: string, run: (ask: (address: string) => ReturnType<typeof forgot>) => Promise<void>) {
    const limited = await createTestApp({ realLimits: true, env: { SMTP_URL: smtp.url } });
    try {
      await run((address) => forgot(email, address, limited));
    } finally {
      await limited.close();
    }
  }

  it('forgot password: a stranger asking about an e-mail uses up their own allowance, not its owner’s', () =>
    withResetLimits('limit-me@example.com', async (ask) => {
      for (let index = 0; index < 3; index += 1) expect((await ask('10.0.0.66')).statusCode).toBe(200);
      const over = await ask('10.0.0.66');
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      // The owner, from their own address, still gets their link.
      expect((await ask('10.0.0.1')).statusCode).toBe(200);
    }));

  it('forgot password: at most 10 an hour per e-mail from all addresses together, so nobody fills an inbox', () =>
    withResetLimits('inbox-flood@example.com', async (ask) => {
      for (let index = 0; index < 10; index += 1) expect((await ask(`10.0.1.${index + 1}`)).statusCode).toBe(200);
      expect((await ask('10.0.1.99')).statusCode).toBe(429);
    }));

  it('resending the confirmation: per account', async () => {
    const limited = await createTestApp({ realLimits: true, env: { SMTP_URL: smtp.url } });
    try {
      const account = newAccount('verify-limit');
      const cookie = await signUp(limited, account);
      const resend = () =>
        limited.inject({ method: 'POST', url: '/api/auth/send-verification-email', headers: { cookie }, payload: { email: account.email } });
      for (let index = 0; index < 3; index += 1) {
        expect((await resend()).statusCode).toBe(200);
        await endCooldown(limited, account.email);
      }
      expect((await resend()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

async function eventuallyCount(to: string, subject: RegExp, count: number) {
  await eventually(async () => smtp.to(to).filter((mail) => subject.test(mail.subject)).length >= count);
  expect(smtp.to(to).filter((mail) => subject.test(mail.subject))).toHaveLength(count);
}

describe('without SMTP_URL', () => {
  it('writes each message to DATA_DIR/outbox/ as an .eml file, reset link and all', async () => {
    const local = await createTestApp();
    try {
      const account = newAccount('eml');
      await signUp(local, account);
      expect((await local.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: account.email } })).statusCode).toBe(200);
      const directory = path.join(local.config.dataDir, 'outbox');
      let files: string[] = [];
      await eventually(async () => {
        files = (await readdir(directory).catch(() => [])).filter((file) => file.endsWith('.eml'));
        const parsed = await Promise.all(files.map(async (file) => simpleParser(await readFile(path.join(directory, file)))));
        // Sign-up's confirmation and the reset: sent at once, in either order.
        return parsed.length === 2;
      });
      const parsed = await Promise.all(files.map(async (file) => simpleParser(await readFile(path.join(directory, file)))));
      const resetMail = parsed.find((mail) => mail.subject === 'Reset your password');
      expect(resetMail?.text).toContain(`${local.config.baseUrl}/api/auth/reset-password/`);
      expect(parsed.map((mail) => mail.subject).sort()).toEqual(['Confirm your e-mail address', 'Reset your password']);
    } finally {
      await local.close();
    }
  });
});

describe('Google for an address with a password account', () => {
  it('is refused while the address is unconfirmed, and links once it is confirmed', async () => {
    const shopOrigin = 'http://localhost:3000';
    const provider = await startOidcProvider(shopOrigin);
    const withGoogle = await createTestApp({
      env: {
        SMTP_URL: smtp.url,
        BASE_URL: shopOrigin,
        GOOGLE_ISSUER: provider.issuer,
        GOOGLE_CLIENT_ID: provider.clientId,
        GOOGLE_CLIENT_SECRET: provider.clientSecret,
      },
    });
    try {
      const account = newAccount('google-link');
      await signUp(withGoogle, account);
      const refused = await continueWithGoogle(withGoogle, provider.issuer, { email: account.email, name: 'Google Name' });
      expect(refused.statusCode).toBe(302);
      expect(new URL(String(refused.headers.location), shopOrigin).searchParams.getAll('error')).toContain('account_not_linked');

      const mail = await smtp.waitFor(account.email, /Confirm your e-mail address/);
      const link = linkIn(mail, `${shopOrigin}/api/auth/verify-email?`);
      expect((await withGoogle.inject({ method: 'GET', url: link.slice(shopOrigin.length) })).statusCode).toBe(302);

      const linked = await continueWithGoogle(withGoogle, provider.issuer, { email: account.email, name: 'Google Name' });
      expect(linked.statusCode).toBe(302);
      expect(linked.headers.location).toBe('/');
      // Signed in as the password account: its name, one user for the address, two ways in.
      const me = await withGoogle.inject({ method: 'GET', url: '/api/me', headers: { cookie: sessionCookie(linked) } });
      expect(me.json()).toMatchObject({ email: account.email.toLowerCase(), name: account.name, emailVerified: true });
      const accounts = await withGoogle.db
        .selectFrom('accounts')
        .innerJoin('users', 'users.id', 'accounts.user_id')
        .select('accounts.provider_id')
        .where('users.email', '=', account.email.toLowerCase())
        .execute();
      expect(accounts.map((row) => row.provider_id).sort()).toEqual(['credential', 'google']);
    } finally {
      await withGoogle.close();
      await provider.close();
    }
  });
});

describe('Google for an address the provider has not confirmed', () => {
  it('links to no account, makes none, and signs nobody in', async () => {
    const shopOrigin = 'http://localhost:3000';
    const provider = await startOidcProvider(shopOrigin, { emailVerified: false });
    const withGoogle = await createTestApp({
      env: { BASE_URL: shopOrigin, GOOGLE_ISSUER: provider.issuer, GOOGLE_CLIENT_ID: provider.clientId, GOOGLE_CLIENT_SECRET: provider.clientSecret },
    });
    try {
      // The owner's account, its address confirmed: a stranger's identity at the provider claims it.
      const owner = newAccount('google-unconfirmed-owner');
      await signUp(withGoogle, owner);
      await withGoogle.db.updateTable('users').set({ email_verified: true }).where('email', '=', owner.email.toLowerCase()).execute();
      const newcomer = newAccount('google-unconfirmed-new');

      for (const email of [owner.email, newcomer.email]) {
        const reply = await continueWithGoogle(withGoogle, provider.issuer, { email, name: 'Stranger' });
        expect(reply.statusCode).toBe(302);
        expect(new URL(String(reply.headers.location), shopOrigin).searchParams.getAll('error')).toContain('email_not_found');
        expect(reply.headers['set-cookie'] ?? []).not.toEqual(expect.arrayContaining([expect.stringMatching(/session_token=[^;]/)]));
      }
      const ways = await withGoogle.db
        .selectFrom('accounts')
        .innerJoin('users', 'users.id', 'accounts.user_id')
        .select(['users.email', 'accounts.provider_id'])
        .where('users.email', 'in', [owner.email.toLowerCase(), newcomer.email.toLowerCase()])
        .execute();
      expect(ways).toEqual([{ email: owner.email.toLowerCase(), provider_id: 'credential' }]);
    } finally {
      await withGoogle.close();
      await provider.close();
    }
  });
});
