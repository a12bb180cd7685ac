import { ADMIN_REVIEWS_PAGE_SIZE } from '@autoparts/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../../lib/dates';
import { anAdminReview, noActivity } from '../../../test/admin';
import { stubFetch } from '../../../test/fetch-stub';
import { fullPage } from '../../../test/pages';
import { renderRoutes } from '../../../test/render-with-router';
import { Component as ManageReviewsPage } from './manage-reviews';

const GET_REVIEWS = 'GET /api/admin/reviews?page=1';

function renderManageReviews() {
  return renderRoutes(
    [
      {
        path: '/dashboard/reviews',
        element: (
          <>
            <ManageReviewsPage />
            <Toaster />
          </>
        ),
      },
    ],
    { path: '/dashboard/reviews' },
  );
}

const callTo = (server: ReturnType<typeof stubFetch>, route: string) =>
  server.calls.find((call) => `${call.method} ${call.path}` === route);

describe('Customer Reviews (admins)', () => {
  it('offers no next page after a full page that is the last: the next page is asked first', async () => {
    const full = fullPage(ADMIN_REVIEWS_PAGE_SIZE, (n) => anAdminReview({ _id: `review-${n}`, name: `Reviewer ${n}` }));
    const server = stubFetch({ [GET_REVIEWS]: { body: full }, 'GET /api/admin/reviews?page=2': { body: [] }, ...noActivity });
    renderManageReviews();
    await screen.findByRole('article', { name: 'Reviewer 1' });
    await waitFor(() => expect(server.paths()).toContain('GET /api/admin/reviews?page=2'));
    // Nothing to page through: one page holds every review.
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Reviews pages' })).not.toBeInTheDocument());
  });

  it('shows a review written right to left from the right: its name and text take their direction from their words', async () => {
    stubFetch({ [GET_REVIEWS]: { body: [anAdminReview({ name: 'سارة', description: 'القطع ممتازة!' })] }, ...noActivity });
    renderManageReviews();
    const review = await screen.findByRole('article', { name: 'سارة' });
    expect(within(review).getByRole('heading', { name: 'سارة' })).toHaveAttribute('dir', 'auto');
    expect(within(review).getByText('القطع ممتازة!')).toHaveAttribute('dir', 'auto');
  });

  it('is a screen of its own, titled for it', async () => {
    stubFetch({ [GET_REVIEWS]: { body: [anAdminReview()] }, ...noActivity });
    renderManageReviews();
    expect(screen.getByRole('heading', { level: 1, name: 'Customer Reviews' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Customer Reviews —/);
    expect(await screen.findByRole('article', { name: 'Jane Doe' })).toBeInTheDocument();
  });

  // Decision 227: the same words on every card were told apart only by a description; each is now
  // named for its review (or its author), the visible words first (WCAG 2.5.3, label in name).
  it('names each card’s buttons after its review and author, their visible words first', async () => {
    const hidden = anAdminReview({ _id: 'review-2', name: 'Sam Smith', email: 'sam@example.com', hidden: true, createdAt: '2024-06-01T12:00:00.000Z' });
    stubFetch({ [GET_REVIEWS]: { body: [anAdminReview(), hidden] }, ...noActivity });
    renderManageReviews();
    const list = await screen.findByRole('list', { name: 'Reviews' });
    await within(list).findByRole('article', { name: 'Jane Doe' });
    expect(within(list).getAllByRole('button').map((button) => [button.textContent, button.getAttribute('aria-label')])).toEqual([
      ['Hide all by author', 'Hide all by author Jane Doe (jane@example.com)'],
      ['Hide', `Hide the review by Jane Doe of ${formatDateTime('2024-05-02T09:30:00.000Z')}`],
      ['Hide all by author', 'Hide all by author Sam Smith (sam@example.com)'],
      ['Show', `Show the review by Sam Smith of ${formatDateTime('2024-06-01T12:00:00.000Z')}`],
    ]);
    expect(screen.getByRole('button', { name: /^Hide the review by Jane Doe/ })).not.toHaveAccessibleDescription();
  });

  it('hides a review from the home page and shows a hidden one again', async () => {
    const shown = anAdminReview();
    const hidden = anAdminReview({ _id: 'review-2', name: 'Sam Smith', email: 'sam@example.com', hidden: true, ratings: null });
    const server = stubFetch({
      [GET_REVIEWS]: { body: [shown, hidden] },
      'PUT /api/admin/review/review-1/visibility': { body: { acknowledged: true } },
      'PUT /api/admin/review/review-2/visibility': { body: { acknowledged: true } },
      ...noActivity,
    });
    const user = userEvent.setup();
    const { queryClient } = renderManageReviews();
    queryClient.setQueryData(['reviews'], []);
    const janeReview = within(await screen.findByRole('article', { name: 'Jane Doe' }));
    expect(janeReview.getByText('Ratings: 4.5')).toBeInTheDocument();
    const samReview = within(screen.getByRole('article', { name: 'Sam Smith' }));
    expect(samReview.getByText('Hidden')).toBeInTheDocument();

    await user.click(janeReview.getByRole('button', { name: /^Hide the review by Jane Doe of / }));
    expect(await screen.findByText('Review hidden from the home page')).toBeInTheDocument();
    expect(callTo(server, 'PUT /api/admin/review/review-1/visibility')?.body).toEqual({ hidden: true });
    // The home page's carousel is out of date.
    expect(queryClient.getQueryState(['reviews'])?.isInvalidated).toBe(true);

    await user.click(samReview.getByRole('button', { name: /^Show the review by Sam Smith of / }));
    expect(await screen.findByText('Review shown on the home page again')).toBeInTheDocument();
    expect(callTo(server, 'PUT /api/admin/review/review-2/visibility')?.body).toEqual({ hidden: false });
  });

  it('sends two reviews’ Hide at once when both are pressed, each once', async () => {
    const sam = anAdminReview({ _id: 'review-2', name: 'Sam Smith', email: 'sam@example.com' });
    const server = stubFetch({
      [GET_REVIEWS]: { body: [anAdminReview(), sam] },
      'PUT /api/admin/review/review-1/visibility': { body: { acknowledged: true } },
      'PUT /api/admin/review/review-2/visibility': { body: { acknowledged: true } },
      ...noActivity,
    });
    renderManageReviews();
    const jane = within(await screen.findByRole('article', { name: 'Jane Doe' })).getByRole('button', { name: /^Hide the review by Jane Doe of / });
    const other = within(screen.getByRole('article', { name: 'Sam Smith' })).getByRole('button', { name: /^Hide the review by Sam Smith of / });
    // As a quick hand does, before the first one's pending state is drawn: Jane's twice, then Sam's.
    fireEvent.click(jane);
    fireEvent.click(jane);
    fireEvent.click(other);
    await waitFor(() => expect(screen.getAllByText('Review hidden from the home page')).toHaveLength(2));
    expect(server.paths().filter((path) => path.startsWith('PUT'))).toEqual(['PUT /api/admin/review/review-1/visibility', 'PUT /api/admin/review/review-2/visibility']);
  });

  it('hides every review of one author at once, after a confirmation', async () => {
    const server = stubFetch({
      [GET_REVIEWS]: { body: [anAdminReview()] },
      'POST /api/admin/reviews/hide-author': { body: { modifiedCount: 12 } },
      ...noActivity,
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = userEvent.setup();
    renderManageReviews();
    const review = within(await screen.findByRole('article', { name: 'Jane Doe' }));

    await user.click(review.getByRole('button', { name: 'Hide all by author Jane Doe (jane@example.com)' }));
    expect(callTo(server, 'POST /api/admin/reviews/hide-author')).toBeUndefined();

    await user.click(review.getByRole('button', { name: 'Hide all by author Jane Doe (jane@example.com)' }));
    expect(confirm).toHaveBeenLastCalledWith('Hide every review written by jane@example.com?');
    expect(await screen.findByText('12 reviews by jane@example.com hidden')).toBeInTheDocument();
    expect(callTo(server, 'POST /api/admin/reviews/hide-author')?.body).toEqual({ email: 'jane@example.com' });
  });
});
