import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, postSignUp, sessionCookie, sessionSetCookie, setCookies } from '../../test/accounts';
import { createTestApp } from '../../test/app';

/**
 * The shop as deployed: an https BASE_URL and Google sign-in configured. Google is an OpenID
 * Connect issuer of our own on 127.0.0.1 (a real HTTP server, not a mock of our code). It can
 * hold its discovery document back until `release()`; these tests release it from the start
 * (Better Auth fetches discovery during its start-up and waits for it: see the decision record).
 */
const BASE_URL = 'https://shop.example.test';
const DISCOVERY_PATH = '/.well-known/openid-configuration';

function startIssuer() {
  const requests: string[] = [];
  const held: http.ServerResponse[] = [];
  let released = false;
  let url = '';
  const answer = (response: http.ServerResponse) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        issuer: url,
        authorization_endpoint: `${url}/authorize`,
        token_endpoint: `${url}/token`,
        userinfo_endpoint: `${url}/userinfo`,
        jwks_uri: `${url}/jwks`,
        id_token_signing_alg_values_supported: ['RS256'],
      }),
    );
  const server = http.createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    if (request.url !== DISCOVERY_PATH) return response.writeHead(404).end();
    if (released) return answer(response);
    held.push(response);
  });
  return {
    requests,
    get url() {
      return url;
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    release() {
      released = true;
      for (const response of held.splice(0)) answer(response);
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const issuer = startIssuer();
let app: FastifyInstance;

beforeAll(async () => {
  await issuer.start();
  issuer.release();
  app = await createTestApp({
    env: {
      BASE_URL,
      GOOGLE_CLIENT_ID: 'shop-client-id',
      GOOGLE_CLIENT_SECRET: 'shop-client-secret',
      // The trailing slash must not end up doubled in the discovery URL.
      GOOGLE_ISSUER: `${issuer.url}/`,
    },
  });
});

afterAll(async () => {
  issuer.release();
  await app?.close();
  await issuer.stop();
});

describe('GET /api/config', () => {
  it('says Google sign-in is on with GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/config' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ googleSignIn: true });
  });
});

describe('once Google has answered', () => {
  it('sets a __Secure- session cookie, Secure, httpOnly and SameSite=Lax, over https', async () => {
    const response = await postSignUp(app, newAccount('https'));
    expect(response.statusCode, response.body).toBe(200);

    const line = sessionSetCookie(response)!;
    expect(line).toMatch(/^__Secure-better-auth\.session_token=/);
    const attributes = line.split(';').slice(1).map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax']));

    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: sessionCookie(response) } });
    expect(me.statusCode).toBe(200);
  });

  it('sends the browser to the issuer’s authorization endpoint with PKCE and the shop’s https callback', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'google', callbackURL: '/' },
    });
    expect(response.statusCode, response.body).toBe(200);

    const target = new URL((response.json() as { url: string }).url);
    expect(`${target.origin}${target.pathname}`).toBe(`${issuer.url}/authorize`);
    expect(Object.fromEntries(target.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'shop-client-id',
      redirect_uri: `${BASE_URL}/api/auth/callback/google`,
      code_challenge_method: 'S256',
      code_challenge: expect.any(String),
      state: expect.any(String),
    });
    expect(target.searchParams.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile']);
    // The client secret never travels through the browser.
    expect(target.toString()).not.toContain('shop-client-secret');
    for (const line of setCookies(response)) expect(line.toLowerCase()).toContain('secure');
  });

  it('asked the issuer for nothing but {GOOGLE_ISSUER}/.well-known/openid-configuration', () => {
    expect(issuer.requests.length).toBeGreaterThan(0);
    expect(new Set(issuer.requests)).toEqual(new Set([`GET ${DISCOVERY_PATH}`]));
  });
});
