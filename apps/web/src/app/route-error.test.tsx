import { screen } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reloadOnceForNewAssets } from '../lib/page-load';
import { stubFetch } from '../test/fetch-stub';
import { renderRoutes } from '../test/render-with-router';
import { RouteError } from './route-error';

const chunkFailure = new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/blogs-3f9a.js');

function renderFailingPage(failure: unknown) {
  return renderRoutes(
    [
      {
        path: '/',
        HydrateFallback: () => null,
        element: (
          <>
            <p>Shop header</p>
            <Outlet />
          </>
        ),
        children: [
          {
            errorElement: <RouteError />,
            children: [{ index: true, lazy: () => Promise.reject(failure) }],
          },
        ],
      },
    ],
    { path: '/' },
  );
}

afterEach(() => {
  sessionStorage.clear();
});

describe('RouteError', () => {
  it('says the shop cannot be reached, with a retry, when the server is down', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    renderFailingPage(chunkFailure);
    expect(await screen.findByRole('heading', { name: 'We cannot reach the shop' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByText(/blogs-3f9a/)).not.toBeInTheDocument();
  });

  it('offers a reload when the page was reloaded for new assets a moment ago', async () => {
    stubFetch({ 'GET /api/config': { body: { googleSignIn: false, payments: 'test' } } });
    sessionStorage.setItem('autoparts:reloaded-for-assets-at', String(Date.now()));
    renderFailingPage(chunkFailure);
    expect(await screen.findByRole('heading', { name: 'The shop has been updated' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  });

  it('shows a plain message, never the error itself, for any other failure', async () => {
    renderFailingPage(new Error('column "secret" does not exist at Object.<anonymous> (repository.ts:42)'));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.queryByText(/secret|repository\.ts/)).not.toBeInTheDocument();
    expect(screen.getByText('Shop header')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});

describe('reloadOnceForNewAssets', () => {
  it('reloads once, then not again within the guard time', () => {
    const reload = vi.fn();
    expect(reloadOnceForNewAssets(reload, 1_000_000)).toBe(true);
    expect(reloadOnceForNewAssets(reload, 1_030_000)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnceForNewAssets(reload, 1_100_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
