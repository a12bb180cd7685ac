import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anAuditEntry, RECENT_ACTIVITY } from '../../../test/admin';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-with-router';
import { describe as describeEntry, RecentActivity } from './recent-activity';

function renderActivity() {
  return renderRoutes([{ path: '*', element: <RecentActivity /> }]);
}

describe('Recent admin activity', () => {
  it('lists the last five admin actions, newest first, in words', async () => {
    const server = stubFetch({
      [RECENT_ACTIVITY]: {
        body: [
          anAuditEntry({ _id: 'a3', action: 'part.restock', target: 'part 0b1c5a3e-1111-4222-8333-444455556666', details: { quantity: 10 }, subject: '“Spark Plug” (ELC-1001)' }),
          anAuditEntry({ _id: 'a2', action: 'part.add', target: 'part 0b1c5a3e-1111-4222-8333-444455556666', details: { name: 'Spark Plug' } }),
          anAuditEntry({ _id: 'a1', actor: 'sam@example.com', action: 'user.make-admin', target: 'jane@example.com' }),
        ],
      },
    });
    renderActivity();
    const aside = screen.getByRole('complementary', { name: 'Recent admin activity' });
    expect(within(aside).getByRole('status')).toHaveTextContent('Loading activity…');
    const items = await within(aside).findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'boss@example.com restocked “Spark Plug” (ELC-1001) by 10',
      'boss@example.com added the product “Spark Plug”',
      'sam@example.com made jane@example.com an admin',
    ]);
    expect(items[0]!.querySelector('time')).toHaveAttribute('datetime', '2024-05-03T12:00:00.000Z');
    expect(server.calls[0]?.path).toBe('/api/admin/audit?limit=5');
  });

  it('says when nothing happened yet, and offers to try again after a failure', async () => {
    let fail = true;
    stubFetch({ [RECENT_ACTIVITY]: () => (fail ? { status: 500, body: { message: 'Internal Server Error' } } : { body: [] }) });
    const user = userEvent.setup();
    renderActivity();
    expect(await screen.findByText('The activity could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No admin actions yet.')).toBeInTheDocument();
  });

  const part = 'part 0b1c5a3e-1111-4222-8333-444455556666';
  const pads = '“Brake Pads” (BRK-1001)';
  it.each([
    ['user.remove', 'jane@example.com', {}, null, 'removed the user jane@example.com'],
    ['user.remove-admin', 'jane@example.com', {}, null, 'made jane@example.com a customer again'],
    ['part.update', part, { name: 'Brake Pads' }, pads, `edited ${pads}`],
    ['part.update', part, { price: 3 }, null, 'edited the part 0b1c5a3e'],
    ['part.archive', part, {}, pads, `archived ${pads}`],
    ['part.unarchive', part, {}, pads, `put ${pads} back in the shop`],
    ['part.catalogue', part, { partNumber: 'BRK-1001' }, pads, `edited the catalogue details of ${pads}`],
    ['fitment.remove', part, { vehicleId: 'v-1' }, pads, `removed a vehicle from the fitment of ${pads}`],
    ['fitment.import', 'fitment', { rows: 12, added: 30, vehiclesAdded: 1 }, null, 'imported fitment from a CSV file (12 rows, 30 new fitments, 1 new vehicle)'],
    ['fitment.export', 'fitment', { rows: 1 }, null, 'exported the fitment as a CSV file (1 row)'],
    ['order.ship', 'order o-1', {}, 'jane@example.com’s order of 2 × Brake Pads', 'marked jane@example.com’s order of 2 × Brake Pads shipped'],
    ['order.cancel', 'order o-1', {}, null, 'cancelled order o-1'],
    ['review.hide', 'review r-1', {}, 'the review by Jane Doe', 'hid the review by Jane Doe'],
    ['review.show', 'review r-1', {}, 'the review by Jane Doe', 'showed the review by Jane Doe again'],
    ['review.hide-author', 'jane@example.com', { hidden: 12 }, null, 'hid every review by jane@example.com (12 reviews)'],
    ['shipping-method.add', 'shipping-method m-1', { name: 'Standard', countries: ['US'] }, null, 'added the shipping method “Standard”'],
    ['shipping-method.remove', 'shipping-method m-1', { name: 'Freight' }, null, 'deleted the shipping method “Freight”'],
    ['tax-rate.update', 'tax-rate t-1', { country: 'US', region: 'IL', ratePercent: 6.25 }, null, 'edited the tax rate for US-IL'],
    ['tax-rate.remove', 'tax-rate t-1', { country: 'DE', region: null, ratePercent: 19 }, null, 'deleted the tax rate for DE'],
    ['image.upload', 'image 0b1c5a3e-1111-4222-8333-444455556666', { width: 960, height: 720 }, null, 'uploaded a photo (960×720 px)'],
  ])('describes %s on %s as a sentence', (action, target, details, subject, words) => {
    expect(describeEntry({ action, target, details, subject })).toBe(words);
  });

  it('never shows an action’s raw key or a whole id', () => {
    const words = describeEntry({ action: 'part.catalogue', target: part, details: {}, subject: null });
    expect(words).not.toContain('part.catalogue');
    expect(words).not.toContain('0b1c5a3e-1111');
  });
});
