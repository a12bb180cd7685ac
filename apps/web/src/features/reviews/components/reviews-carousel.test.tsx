import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { couldNotLoad } from '@autoparts/shared';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-with-router';
import { ReviewsCarousel } from './reviews-carousel';

describe('Customer Reviews', () => {
  it('says the reviews could not be loaded with a Try again that loads them', async () => {
    let up = false;
    stubFetch({
      'GET /api/reviews': () =>
        up ? { body: [{ _id: 'r1', name: 'Ann', email: 'ann@example.com', description: 'The pads fit.', ratings: '5' }] } : { status: 503, body: { message: 'Try again soon' } },
    });
    renderRoutes([{ path: '*', element: <ReviewsCarousel /> }]);
    const alert = await screen.findByRole('alert');
    // The words every page says of data it could not load (decision 145), not a copy of their own.
    expect(alert).toHaveTextContent(couldNotLoad('the reviews'));
    expect(alert).toHaveTextContent('We could not load the reviews right now.');

    up = true;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The pads fit.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
