import { queryOnce } from '../../test/scratch-database';
import { afterAll, expect, it } from 'vitest';
import { startOutageShop, type OutageShop } from '../../test/outage';
import { signUpOver } from '../../test/shop-process';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { eventually } from '../../test/wait';

// Runs in the PostgreSQL pass only, on a server of its own: it is stopped while a message is on
// its way to the SMTP server, which answers only once the database is gone.
let smtp: TestSmtpServer | undefined;
let outage: OutageShop | undefined;

afterAll(async () => {
  await outage?.close();
  await smtp?.close();
});

async function outboxRow(recipient: string): Promise<{ sent: boolean; claimed: boolean } | undefined> {
  const rows = await queryOnce<{ sent: boolean; claimed: boolean }>(
    outage?.cluster.url ?? '',
    'select sent_at is not null as sent, claimed_at is not null as claimed from mail_outbox where recipient = $1',
    [recipient],
  );
  return rows[0];
}

it('a message the SMTP server took while the database was away is marked sent once it is back, not left to be sent again', {
  timeout: 120_000,
}, async () => {
  smtp = await startSmtpServer();
  outage = await startOutageShop('mail-outage', { SMTP_URL: smtp.url });
  const running = outage.shop;
  const server = smtp;
  const release = server.stall();
  const customer = await signUpOver(running, 'mail-outage');
  await eventually(async () => server.stalled() === 1);

  // The database goes; the shop hears it (its listener), then the SMTP server says 250.
  const lost = () => running.logLines.some((entry) => entry.msg === 'public cache: change notifications lost, answering from the database until they are back');
  await outage.whileAway(
    async () => {
      await eventually(async () => lost());
      const before = running.logLines.length;
      release();
      expect(server.to(customer.email)).toHaveLength(1);
      // The worker, told the message went, could not write so: it says so (a warning or an error).
      await eventually(async () => running.logLines.slice(before).some((entry) => Number(entry.level) >= 40));
    },
    async () => (await outboxRow(customer.email))?.sent === true,
  );
  expect(server.to(customer.email)).toHaveLength(1);
});
