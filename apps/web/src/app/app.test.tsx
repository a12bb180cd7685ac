import { catalogueMessages, notices } from '@autoparts/shared';
import { focusManager, onlineManager } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it, onTestFinished } from 'vitest';
import { PartGrid } from '../features/catalog/components/part-grid';
import { Component as AddReviewPage } from '../features/reviews/routes/add-review';
import { stubFetch } from '../test/fetch-stub';
import { renderRoutes } from '../test/render-with-router';
import { aPart } from '../test/orders';
import { aCustomer } from '../test/users';
import { createQueryClient } from './app';

describe('the app’s query client', () => {
  it('sends a form while the browser is offline, so the network error is said at once instead of a spinner until the connection returns', async () => {
    const server = stubFetch({
      'GET /api/me': { body: aCustomer() },
      // What fetch does with no connection.
      'POST /api/reviews': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderRoutes(
      [
        {
          path: '*',
          element: (
            <>
              <AddReviewPage />
              <Toaster />
            </>
          ),
        },
      ],
      { queryClient: createQueryClient() },
    );
    const user = userEvent.setup();
    await screen.findByText(/under your name, Jane Doe/);
    // The browser goes offline, as it tells the page (and the query library listening to it).
    window.dispatchEvent(new Event('offline'));
    onTestFinished(() => void window.dispatchEvent(new Event('online')));

    await user.type(screen.getByLabelText('Description'), 'Fast delivery, pads fit perfectly.');
    await user.click(screen.getByRole('button', { name: 'Add Review' }));
    const toast = (await screen.findByText(notices.somethingWrong)).closest('li');
    expect(toast).not.toBeNull();
    expect(within(toast as HTMLElement).getByText(/Network error: check your connection/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Review' })).not.toHaveAttribute('aria-busy', 'true');
    expect(server.paths()).toContain('POST /api/reviews');
  });

  it('says at once that a page’s data could not be loaded while the browser is offline, and loads it by itself once back online', async () => {
    const part = aPart({ name: 'Ceramic Brake Pads' });
    let online = false;
    stubFetch({
      'GET /api/me': { body: null },
      'GET /api/parts': () => {
        // What fetch does with no connection.
        if (!online) throw new TypeError('Failed to fetch');
        return { body: [part] };
      },
    });
    // The browser said it went offline before the page was opened.
    onlineManager.setOnline(false);
    onTestFinished(() => onlineManager.setOnline(true));
    renderRoutes([{ path: '*', element: <PartGrid placeholders={3} label="Parts" /> }], { queryClient: createQueryClient() });

    // Not a skeleton for as long as the connection is away (the read used to wait for it, unsent).
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(catalogueMessages.partsLoadFailed);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();

    online = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByRole('heading', { name: 'Ceramic Brake Pads' })).toBeInTheDocument();
  });

  it('keeps what a page shows when it comes back into view offline, instead of asking again and showing an error', async () => {
    const part = aPart({ name: 'Ceramic Brake Pads' });
    let online = true;
    const server = stubFetch({
      'GET /api/me': { body: null },
      'GET /api/parts': () => {
        if (!online) throw new TypeError('Failed to fetch');
        return { body: [part] };
      },
    });
    const queryClient = createQueryClient();
    const asked = () => server.paths().filter((path) => path === 'GET /api/parts').length;
    const first = renderRoutes([{ path: '*', element: <PartGrid placeholders={3} label="Parts" /> }], { queryClient });
    expect(await screen.findByRole('heading', { name: 'Ceramic Brake Pads' })).toBeInTheDocument();
    first.unmount();
    // Its data has gone stale meanwhile (the page was left a while ago).
    await queryClient.invalidateQueries({ queryKey: ['parts'], refetchType: 'none' });

    online = false;
    onlineManager.setOnline(false);
    onTestFinished(() => onlineManager.setOnline(true));
    renderRoutes([{ path: '*', element: <PartGrid placeholders={3} label="Parts" /> }], { queryClient });
    expect(screen.getByRole('heading', { name: 'Ceramic Brake Pads' })).toBeInTheDocument();
    // The window comes back into focus, as TanStack Query hears it.
    focusManager.setFocused(true);
    onTestFinished(() => focusManager.setFocused(undefined));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Not asked for again (it could only fail), so not replaced by an error.
    expect(asked()).toBe(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ceramic Brake Pads' })).toBeInTheDocument();
  });
});
