import { Suspense, useRef } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '../components/footer';
import { Header } from '../components/header';
import { PageLoading, PageMain } from '../components/page-main';
import { RouteAnnouncer } from '../components/route-announcer';
import { AccountLinks, useAccessTokenRenewal } from '../features/auth';
import { CartLink, CartSync } from '../features/cart';
import { useFocusTopAfterNavigation } from '../lib/focus-after-navigation';
import { GarageSync } from '../lib/garage';
import { useMe } from '../lib/me';

export function RootLayout() {
  const top = useRef<HTMLDivElement>(null);
  useFocusTopAfterNavigation(top);
  return (
    // Focused (not tabbable) after a navigation that took the focus away: the next Tab is the skip link.
    <div ref={top} tabIndex={-1} className="flex min-h-screen flex-col bg-white text-slate-800 outline-none">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <SessionHeader />
      <PageMain>
        <Outlet />
      </PageMain>
      {/* Below the first screen: React hydrates it after what is on screen, or first if it is touched. */}
      <Suspense>
        <Footer />
      </Suspense>
      <GarageSync />
      <CartSync />
      <ScrollRestoration />
      <RouteAnnouncer />
      <PageLoading />
    </div>
  );
}

/**
 * The header with the session's part. A component of its own, so that the session arriving (or
 * its token renewing) re-renders the header only, not the whole page under it.
 */
function SessionHeader() {
  const me = useMe();
  useAccessTokenRenewal();
  // While the session loads the header shows neither Login nor the account, so neither flashes.
  const account = me.isPending ? null : me.data ? <AccountLinks me={me.data} /> : undefined;
  return <Header account={account} cart={<CartLink />} />;
}
