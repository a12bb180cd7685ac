// Only what the app shell and the router load up front. The login and signup pages are route
// modules (routes/), loaded on demand so that their forms stay out of the home page's bundle.
export { AccountLinks } from './components/account-links';
export { RequireAdmin } from './components/require-admin';
export { RequireAuth } from './components/require-auth';
export { useAccessTokenRenewal } from './hooks/use-access-token-renewal';
