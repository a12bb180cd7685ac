import { notices } from '@autoparts/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it, onTestFinished } from 'vitest';
import { Component as AddReviewPage } from '../features/reviews/routes/add-review';
import { stubFetch } from '../test/fetch-stub';
import { renderRoutes } from '../test/render-with-router';
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
});
