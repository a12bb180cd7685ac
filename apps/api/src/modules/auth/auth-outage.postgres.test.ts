import { apiErrors } from '@autoparts/shared';
import { afterAll, expect, it } from 'vitest';
import { startOutageShop, type OutageShop } from '../../test/outage';
import { request, signUpOver } from '../../test/shop-process';

// Runs in the PostgreSQL pass only, on a server of its own: it is stopped under the shop.
let outage: OutageShop | undefined;

afterAll(async () => {
  await outage?.close();
});

it('signing in or up, or asking for the session, while the database is away is a 503 to try again, as every other call is, and works once it is back', {
  timeout: 120_000,
}, async () => {
  outage = await startOutageShop('auth-outage');
  const running = outage.shop;
  const customer = await signUpOver(running, 'outage');
  const origin = `http://localhost:${running.port}`;
  const signIn = () =>
    request(`${running.url}/api/auth/sign-in/email`, { method: 'POST', headers: { origin }, body: { email: customer.email, password: customer.password } });

  const away = await outage.whileAway(
    async () => [
      await signIn(),
      await request(`${running.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { origin },
        body: { email: `outage-new-${process.pid}@example.com`, password: 'outage-password-1', name: 'Outage New' },
      }),
      await request(`${running.url}/api/auth/get-session`, { headers: { cookie: customer.cookie ?? '' } }),
    ],
    async () => {
      const again = await signIn();
      return 'status' in again && again.status === 200;
    },
  );
  expect(away).toEqual(away.map(() => ({ status: 503, body: JSON.stringify({ message: apiErrors.databaseUnavailable }) })));
});
