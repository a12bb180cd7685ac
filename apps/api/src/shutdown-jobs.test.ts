import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { request, signUpOver, startShopProcess, type ShopProcess } from './test/shop-process';
import { startSmtpServer } from './test/smtp';
import { eventually } from './test/wait';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-shutdown-jobs-'));
const shops: ShopProcess[] = [];

afterAll(() => {
  for (const shop of shops) shop.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('a SIGTERM while a job outlasts the shutdown bound hands the job back and exits 0; the mail goes once after the restart', {
  timeout: 180_000,
}, async () => {
  const smtp = await startSmtpServer();
  try {
    // The server takes the message's data and never answers: the send outlasts every bound (Fastify's
    // 10 s for a preClose hook among them) until nodemailer's own socket timeout, a minute.
    smtp.hold(true);
    // The bound at 10 s instead of the shop's 20: the workers wait 5 s for the held job instead of 15
    // before handing it back (decision 189); a request sent a second into the close is still served.
    const env = { DATA_DIR: dataDir, NODE_ENV: 'test', PASSWORD_HASH_N: '1024', SMTP_URL: smtp.url, SHUTDOWN_GRACE_MS: '0', SHUTDOWN_TIMEOUT_MS: '10000' };
    const shop = await startShopProcess(env);
    shops.push(shop);
    const customer = await signUpOver(shop, 'held-mail');
    await eventually(async () => smtp.held() >= 1);

    shop.child.kill('SIGTERM');
    // While its workers wait for the held job (the close has begun, the server still listens), a
    // request that reaches it is served, not given Fastify's own 503 (decision 176).
    await eventually(async () => shop.logLines.some((entry) => entry.msg === 'shutting down'));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const during = await request(`${shop.url}/api/parts`);
    expect('status' in during ? `${during.status} ${during.body.slice(0, 100)}` : during.error).toMatch(/^200 \[/);
    expect(shop.child.exitCode).toBeNull();
    expect(await shop.exited, shop.stderr()).toBe(0);
    expect(shop.logLines.map((entry) => entry.msg)).toContain('shut down');
    expect(shop.logLines.some((entry) => entry.msg === 'jobs still running at the shutdown bound: handing them back')).toBe(true);

    smtp.hold(false);
    const again = await startShopProcess(env);
    shops.push(again);
    await smtp.waitFor(customer.email, /./);
    again.child.kill('SIGTERM');
    expect(await again.exited, again.stderr()).toBe(0);
    // Sent once: the held attempt was never taken, and the retry was not also sent by a second worker.
    expect(smtp.to(customer.email)).toHaveLength(1);
  } finally {
    await smtp.close();
  }
});
