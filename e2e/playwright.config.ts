import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { mailDir, smtpPort, smtpUrl } from './mail/settings';
import { oidcClientId, oidcClientSecret, oidcDiscoveryUrl, oidcIssuer, oidcPort, oidcRedirectUri } from './oidc/settings';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
const dataDir = path.join(import.meta.dirname, '.tmp/data');

/** Journeys through the real shop — built web app, API, embedded database — in Debian's Chromium. */
export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // In CI a failed journey runs once more; a pass on the second try is reported as "flaky" in
  // the list and must be fixed all the same (decision 072). A journey that fails twice fails CI.
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  // A journey of two people (a customer orders and pays, an admin then acts on it) takes 15–30 s on a
  // slow day of this machine (the suite in 15 min instead of 9): the limit leaves it room.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // A failed journey keeps its trace (actions, DOM snapshots, network, console) and a screenshot.
    // The trace's screencast is left out: encoding and shipping its frames made the journeys take
    // ~40 % longer on this machine (16 journeys in 185–220 s with it, 148 s without).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's build of Chromium's headless shell: what Playwright itself runs headless, and
      // 15–29 % quicker than the full browser on the same journeys (decision 090).
      executablePath: '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      // A real OpenID Connect provider standing in for Google (oidc/provider.ts).
      command: 'tsx oidc/provider.ts',
      url: oidcDiscoveryUrl,
      env: {
        OIDC_PORT: String(oidcPort),
        OIDC_CLIENT_ID: oidcClientId,
        OIDC_CLIENT_SECRET: oidcClientSecret,
        OIDC_REDIRECT_URI: oidcRedirectUri(baseURL),
      },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // A real SMTP server that keeps what the shop sends, for the journeys to read (mail/smtp-sink.ts).
      command: 'tsx mail/smtp-sink.ts',
      port: smtpPort,
      env: { SMTP_PORT: String(smtpPort), MAIL_DIR: mailDir },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // A fresh embedded database every run.
      command: `rm -rf "${dataDir}" && tsx seed-admin.ts && tsx ../apps/api/src/server.ts`,
      url: `${baseURL}/api/parts`,
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        GOOGLE_ISSUER: oidcIssuer,
        GOOGLE_CLIENT_ID: oidcClientId,
        GOOGLE_CLIENT_SECRET: oidcClientSecret,
        SMTP_URL: smtpUrl,
        // Every journey signs up its own customers from one address: more than a real address's
        // 50 an hour. No journey tests a limit (the API tests do, at 1).
        LIMIT_SCALE: '10',
        // Every sign-up and sign-in hashes a password: at scrypt's N = 2^10 instead of the shop's
        // 2^17 (decision 094), a hash takes a few milliseconds instead of a core's 0.3–0.7 s.
        PASSWORD_HASH_N: '1024',
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
  outputDir: './.tmp/results',
});
