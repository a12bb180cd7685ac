/**
 * The test OpenID Connect provider that stands in for Google (see ./provider.ts): where it runs
 * and the shop's client registration with it. One place for the Playwright config and the tests.
 */
export const oidcPort = Number(process.env.E2E_OIDC_PORT ?? 3101);

/** Issuer and origin: what the shop gets as GOOGLE_ISSUER. */
export const oidcIssuer = `http://localhost:${oidcPort}`;

export const oidcDiscoveryUrl = `${oidcIssuer}/.well-known/openid-configuration`;

/** The shop's client registration: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET. */
export const oidcClientId = 'shop-e2e';
export const oidcClientSecret = 'shop-e2e-secret';

/** The shop's callback for the Google provider, given the shop's origin. */
export const oidcRedirectUri = (shopOrigin: string) => `${shopOrigin}/api/auth/callback/google`;
