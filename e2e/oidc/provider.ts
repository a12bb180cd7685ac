/**
 * A real OpenID Connect provider on loopback that stands in for Google in the browser tests.
 *
 * Configured only by the environment:
 *   OIDC_PORT           port; the issuer is http://localhost:OIDC_PORT
 *   OIDC_CLIENT_ID      the one registered client (a confidential web client)
 *   OIDC_CLIENT_SECRET  its secret (client_secret_basic or client_secret_post)
 *   OIDC_REDIRECT_URI   its redirect URI (several may be given, separated by commas)
 *   OIDC_EMAIL_VERIFIED `false` to say of every address that it is not confirmed (default `true`)
 *
 * Authorization code flow with PKCE (S256, required), ID tokens signed RS256 with a key made at
 * start. Every authorization request shows a sign-in form (Email, Name) that accepts any e-mail;
 * consent is granted automatically. Accounts: sub = email, email_verified = true (unless
 * OIDC_EMAIL_VERIFIED=false), name as entered.
 *
 * Run: OIDC_PORT=3101 OIDC_CLIENT_ID=… OIDC_CLIENT_SECRET=… OIDC_REDIRECT_URI=… tsx oidc/provider.ts
 *
 * oidc-provider prints two warnings at start that are expected here: "Unsupported runtime" (v9
 * asks for Node 22 LTS; it runs on the Node 20 this project uses) and the in-memory adapter one
 * (all state is meant to die with the process).
 */
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import Provider, { interactionPolicy } from 'oidc-provider';
import type { Configuration, JWK, KoaContextWithOIDC } from 'oidc-provider';

function required(name: string): string {
  const value = process.env[name]?.trim();
  if (!value) {
    console.error(`oidc provider: ${name} must be set`);
    process.exit(2);
  }
  return value;
}

const port = Number(required('OIDC_PORT'));
if (!Number.isInteger(port) || port <= 0 || port > 65_535) {
  console.error(`oidc provider: OIDC_PORT must be a port number, got ${process.env.OIDC_PORT}`);
  process.exit(2);
}
const clientId = required('OIDC_CLIENT_ID');
const clientSecret = required('OIDC_CLIENT_SECRET');
const redirectUris = required('OIDC_REDIRECT_URI').split(/[\s,]+/).filter(Boolean);
const issuer = `http://localhost:${port}`;
const emailVerified = process.env.OIDC_EMAIL_VERIFIED?.trim() !== 'false';

/** Names entered at sign-in, by e-mail (the account id). */
const names = new Map<string, string>();

// ---------------------------------------------------------------------------------------------
// Pages

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const style = 'body{font-family:system-ui,sans-serif;max-width:24rem;margin:3rem auto;padding:0 1rem}'
  + 'label,input,button{display:block;font:inherit}input{width:100%;margin:.25rem 0 1rem;padding:.4rem}'
  + 'button{padding:.5rem 1.25rem}.error{color:#a00}';
const contentSecurityPolicy = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`,
  'img-src data:',
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – test identity provider</title>
<link rel="icon" href="data:,">
<style>${style}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

function sendHtml(res: http.ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': contentSecurityPolicy,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(html);
}

function loginPage(uid: string, clientName: string, values: { email?: string; name?: string }, error?: string): string {
  return page(
    'Sign in',
    `<h1>Sign in</h1>
<p>to continue to ${escapeHtml(clientName)}</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${encodeURIComponent(uid)}/login">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(values.email ?? '')}">
<label for="name">Name</label>
<input id="name" name="name" type="text" autocomplete="name" required value="${escapeHtml(values.name ?? '')}">
<button type="submit">Sign in</button>
</form>`,
  );
}

// ---------------------------------------------------------------------------------------------
// The provider

// A fresh RS256 signing key per run; the JWKS endpoint publishes its public half.
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const signingKey: JWK = {
  ...(privateKey.export({ format: 'jwk' }) as JWK),
  kid: randomBytes(8).toString('hex'),
  alg: 'RS256',
  use: 'sig',
};

// Sign-in is asked for on every authorization request (no silent re-use of an earlier sign-in),
// so a test can sign in as someone else after signing out of the shop.
const policy = interactionPolicy.base();
policy.get('login')!.checks.add(
  new interactionPolicy.Check('always_sign_in', 'the test provider asks who you are every time', 'login_required', (ctx) =>
    ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
  ),
);
// Google accepts prompt=select_account; here the sign-in form is the account chooser.
policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }), 0);

const configuration: Configuration = {
  clients: [
    {
      client_id: clientId,
      client_secret: clientSecret,
      client_name: clientId,
      redirect_uris: redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic', // client_secret_post is accepted as well
      id_token_signed_response_alg: 'RS256',
    },
  ],
  clientAuthMethods: ['client_secret_basic', 'client_secret_post'],
  responseTypes: ['code'],
  pkce: { required: () => true },
  scopes: ['openid', 'email', 'profile'],
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    // picture is a profile claim (as at Google), but no account here has one.
    profile: ['name', 'picture'],
  },
  // Like Google: the ID token carries the claims of the granted scopes, not only sub.
  conformIdTokenClaims: false,
  enabledJWA: { idTokenSigningAlgValues: ['RS256'] },
  jwks: { keys: [signingKey] },
  cookies: {
    keys: [randomBytes(32).toString('hex')],
    // Cookies do not tell ports apart: keep clear of any cookie the shop on localhost sets.
    names: { session: 'test_idp_session', interaction: 'test_idp_interaction', resume: 'test_idp_resume' },
  },
  features: {
    devInteractions: { enabled: false },
    // Google publishes no end_session_endpoint; signing out of the shop stays in the shop.
    rpInitiatedLogout: { enabled: false },
    // Nor pushed authorization requests or DPoP: keep the discovery document to what Google offers.
    pushedAuthorizationRequests: { enabled: false },
    dPoP: { enabled: false },
    userinfo: { enabled: true },
  },
  interactions: {
    policy,
    url: (_ctx, interaction) => `/interaction/${interaction.uid}`,
  },
  async findAccount(_ctx, sub) {
    const name = names.get(sub);
    if (name === undefined) return undefined;
    return {
      accountId: sub,
      claims: () => ({ sub, email: sub, email_verified: emailVerified, name }),
    };
  },
  clientBasedCORS: () => true,
  ttl: {
    AccessToken: 60 * 60,
    AuthorizationCode: 60,
    IdToken: 60 * 60,
    Interaction: 10 * 60,
    Session: 60 * 60,
    Grant: 60 * 60,
  },
  renderError(ctx: KoaContextWithOIDC, out) {
    ctx.type = 'html';
    ctx.set('content-security-policy', contentSecurityPolicy);
    const rows = Object.entries(out)
      .map(([key, value]) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(String(value))}</dd>`)
      .join('\n');
    ctx.body = page('Sign-in error', `<h1>Sign-in error</h1>\n<dl>\n${rows}\n</dl>`);
  },
};

const provider = new Provider(issuer, configuration);

function logError(event: string) {
  return (_ctx: unknown, error: Error & { error_description?: string }) => {
    const description = error.error_description ? ` (${error.error_description})` : '';
    console.error(`oidc provider ${event}: ${error.message}${description}`);
  };
}
provider.on('server_error', logError('server_error'));
provider.on('authorization.error', logError('authorization.error'));
provider.on('grant.error', logError('grant.error'));
provider.on('userinfo.error', logError('userinfo.error'));

// ---------------------------------------------------------------------------------------------
// Interactions: the sign-in form, and consent granted without asking.

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > 10_000) throw new Error('form too large');
  }
  return new URLSearchParams(body);
}

async function showInteraction(req: http.IncomingMessage, res: http.ServerResponse, uid: string): Promise<void> {
  const interaction = await provider.interactionDetails(req, res);
  if (interaction.uid !== uid) throw new Error('interaction does not match this browser');
  const { prompt, params, session, grantId } = interaction;

  if (prompt.name === 'login' || prompt.name === 'select_account') {
    const client = await provider.Client.find(String(params.client_id));
    const hint = typeof params.login_hint === 'string' ? params.login_hint : '';
    sendHtml(res, 200, loginPage(uid, client?.clientName ?? String(params.client_id), { email: hint }));
    return;
  }

  if (prompt.name === 'consent') {
    const grant = grantId
      ? await provider.Grant.find(grantId)
      : new provider.Grant({ accountId: session!.accountId, clientId: String(params.client_id) });
    if (!grant) throw new Error('grant not found');
    const details = prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
    if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '));
    }
    const savedGrantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId: savedGrantId } }, { mergeWithLastSubmission: true });
    return;
  }

  throw new Error(`unsupported interaction prompt ${prompt.name}`);
}

async function submitLogin(req: http.IncomingMessage, res: http.ServerResponse, uid: string): Promise<void> {
  const interaction = await provider.interactionDetails(req, res);
  if (interaction.uid !== uid) throw new Error('interaction does not match this browser');
  const form = await readForm(req);
  const email = form.get('email')?.trim() ?? '';
  const name = form.get('name')?.trim() ?? '';
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || !name) {
    const client = await provider.Client.find(String(interaction.params.client_id));
    const error = !name ? 'Enter your name.' : 'Enter an e-mail address.';
    sendHtml(res, 400, loginPage(uid, client?.clientName ?? String(interaction.params.client_id), { email, name }, error));
    return;
  }
  names.set(email, name);
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: email }, select_account: {} },
    { mergeWithLastSubmission: false },
  );
}

const providerCallback = provider.callback();

async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const { pathname } = new URL(req.url ?? '/', issuer);
  const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(pathname);
  if (match) {
    const uid = match[1]!;
    try {
      if (!match[2] && req.method === 'GET') {
        await showInteraction(req, res, uid);
      } else if (match[2] && req.method === 'POST') {
        await submitLogin(req, res, uid);
      } else {
        sendHtml(res, 405, page('Not allowed', '<h1>Method not allowed</h1>'));
      }
    } catch (error) {
      const description = (error as { error_description?: unknown } | null)?.error_description;
      const message = error instanceof Error ? error.message : String(error);
      const text = typeof description === 'string' ? `${message}: ${description}` : message;
      console.error(`oidc provider interaction ${uid}: ${text}`);
      if (!res.headersSent) {
        sendHtml(res, 400, page('Sign-in error', `<h1>Sign-in error</h1>\n<p>${escapeHtml(text)}</p>`));
      }
    }
    return;
  }
  if (pathname === '/favicon.ico') {
    res.writeHead(204).end();
    return;
  }
  await providerCallback(req, res);
}

// ---------------------------------------------------------------------------------------------
// Listening where "localhost" goes: 127.0.0.1 and, where the machine has it, ::1.

const servers: http.Server[] = [];

function listen(host: string): Promise<boolean> {
  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('oidc provider:', error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (host === '::1' && (error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT')) {
        resolve(false); // no IPv6 loopback on this machine; localhost is 127.0.0.1 only
      } else {
        reject(error);
      }
    });
    server.listen({ port, host, ipv6Only: host === '::1' }, () => {
      servers.push(server);
      resolve(true);
    });
  });
}

function shutdown(signal: string): void {
  for (const server of servers) {
    server.close();
    server.closeAllConnections();
  }
  console.log(`oidc provider stopped (${signal})`);
  process.exit(0);
}

process.once('SIGTERM', () => shutdown('SIGTERM'));
process.once('SIGINT', () => shutdown('SIGINT'));

try {
  await listen('127.0.0.1');
  await listen('::1');
} catch (error) {
  console.error(`oidc provider: cannot listen on port ${port}:`, error instanceof Error ? error.message : error);
  process.exit(1);
}
console.log(`oidc provider ready at ${issuer}`);
