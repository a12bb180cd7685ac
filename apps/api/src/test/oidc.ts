import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { setCookies } from './accounts';
import { onFreePort, PortTaken } from './shop-process';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * The journeys' real OpenID Connect provider (e2e/oidc/provider.ts), standing in for Google, as a
 * process of its own on a free port; `shopOrigin` is the app's BASE_URL, whose callbacks it accepts.
 * With `emailVerified: false` it says of every address that it has not confirmed it.
 */
export async function startOidcProvider(shopOrigin: string, { emailVerified = true } = {}): Promise<TestOidcProvider> {
  const clientId = 'shop-api-test';
  const clientSecret = 'shop-api-test-secret';
  // The provider takes a port number, not 0: on a free one, and on another if it lost that one.
  const { child, port } = await onFreePort(async (port) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/oidc/provider.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        OIDC_PORT: String(port),
        OIDC_CLIENT_ID: clientId,
        OIDC_CLIENT_SECRET: clientSecret,
        OIDC_REDIRECT_URI: `${shopOrigin}/api/auth/callback/google,${shopOrigin}/api/auth/oauth2/callback/google`,
        OIDC_EMAIL_VERIFIED: String(emailVerified),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Ready once it says so: an answer on the port could be another process's.
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        if (line.startsWith('oidc provider ready at ')) resolve();
      });
      child.once('exit', (code) => {
        const message = `the OpenID provider exited with ${code} before it was ready: ${stderr}`;
        reject(stderr.includes('EADDRINUSE') ? new PortTaken(message) : new Error(message));
      });
    });
    return { child, port };
  });
  const issuer = `http://localhost:${port}`;
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * 'Continue with Google' as a browser does it: the shop's start, the provider's sign-in form
 * filled with `email` and `name`, and the shop's callback. Answers the callback's reply (a
 * redirect to '/' signed in, or to the error page with `?error=`).
 */
export async function continueWithGoogle(app: FastifyInstance, issuer: string, identity: { email: string; name: string }): Promise<LightMyRequestResponse> {
  const start = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    payload: { provider: 'google', callbackURL: '/', errorCallbackURL: '/login?error=google' },
  });
  if (start.statusCode !== 200) throw new Error(`sign-in/social answered ${start.statusCode}: ${start.body}`);
  const shopCookies = setCookies(start).map((line) => line.split(';')[0]).join('; ');
  const jar = new Map<string, string>();
  const visit = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };

  let response = await visit((start.json() as { url: string }).url);
  for (let step = 0; step < 20; step += 1) {
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, issuer);
      if (next.origin !== issuer) {
        return app.inject({ method: 'GET', url: next.pathname + next.search, headers: { cookie: shopCookies } });
      }
      response = await visit(next.href);
      continue;
    }
    const page = await response.text();
    const action = /action="(\/interaction\/[^"]+\/login)"/.exec(page)?.[1];
    if (!action) throw new Error(`the provider answered ${response.status} without a sign-in form`);
    response = await visit(`${issuer}${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(identity).toString(),
    });
  }
  throw new Error('the sign-in never came back to the shop');
}
