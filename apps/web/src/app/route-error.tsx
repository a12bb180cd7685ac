import { paths } from '@autoparts/shared';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useRouteError } from 'react-router';
import { pageTitle } from '../content/site';
import { classifyPageFailure, reloadOnceForNewAssets, shopReachable } from '../lib/page-load';

type Shown = 'checking' | 'offline' | 'stale' | 'other';

/**
 * The error element of every route, shown inside the shop's header and footer: a page whose
 * script did not load reloads once by itself when the server is up (new asset names after a
 * redeploy), says the shop cannot be reached when it is down, and offers a way on either way.
 * No error's message or stack is ever shown.
 */
export function RouteError() {
  const error = useRouteError();
  const failure = classifyPageFailure(error);
  const [shown, setShown] = useState<Shown>(failure === 'other' ? 'other' : 'checking');

  useEffect(() => {
    if (failure === 'other') return;
    let current = true;
    void shopReachable().then((up) => {
      if (!current) return;
      if (!up) setShown('offline');
      else if (failure === 'chunk' && reloadOnceForNewAssets()) return;
      else setShown(failure === 'chunk' ? 'stale' : 'other');
    });
    return () => {
      current = false;
    };
  }, [failure]);

  async function retry() {
    setShown('checking');
    if (await shopReachable()) window.location.reload();
    else setShown('offline');
  }

  if (shown === 'checking') {
    return (
      <Panel title="Loading this page…">
        <p role="status">One moment, we are checking the connection to the shop.</p>
      </Panel>
    );
  }
  if (shown === 'offline') {
    return (
      <Panel title="We cannot reach the shop">
        <p role="alert">The shop’s server is not answering. Check your connection; if it works, the shop will be back shortly.</p>
        <Actions>
          <button type="button" onClick={() => void retry()} className={primary}>
            Try again
          </button>
        </Actions>
      </Panel>
    );
  }
  return (
    <Panel title={shown === 'stale' ? 'The shop has been updated' : 'Something went wrong'}>
      <p role="alert">
        {shown === 'stale'
          ? 'This page could not be loaded. Reload to get the latest version of the shop.'
          : 'This page ran into a problem. Reloading usually helps; if it does not, please try again later.'}
      </p>
      <Actions>
        <button type="button" onClick={() => window.location.reload()} className={primary}>
          Reload the page
        </button>
        <Link to={paths.home} reloadDocument className={secondary}>
          Back to home
        </Link>
      </Actions>
    </Panel>
  );
}

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
const primary = `rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:brightness-90 ${focusRing}`;
const secondary = `rounded-lg border border-slate-300 px-5 py-2.5 font-semibold text-ink hover:bg-slate-100 ${focusRing}`;

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="route-error-title" className="mx-auto max-w-xl px-4 py-16 text-center text-slate-700">
      <title>{pageTitle(title)}</title>
      <meta name="robots" content="noindex" />
      <h1 id="route-error-title" className="text-2xl font-extrabold text-ink sm:text-3xl">
        {title}
      </h1>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap justify-center gap-3 pt-2">{children}</div>;
}
