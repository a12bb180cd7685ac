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
          anAuditEntry({ _id: 'a3', action: 'part.restock', target: 'part 0b1c5a3e-1111-4222-8333-444455556666', details: { quantity: 10 } }),
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
      'boss@example.com restocked part 0b1c5a3e (+10)',
      'boss@example.com added the product "Spark Plug"',
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

  it.each([
    ['user.remove', 'jane@example.com', {}, 'removed the user jane@example.com'],
    ['part.update', 'part p-1', { name: 'Pads' }, 'edited "Pads"'],
    ['part.update', 'part p-1', { price: 3 }, 'edited part p-1'],
    ['part.archive', 'part p-1', {}, 'archived part p-1'],
    ['part.unarchive', 'part p-1', {}, 'restored part p-1'],
    ['order.ship', 'order o-1', {}, 'marked order o-1 shipped'],
    ['order.cancel', 'order o-1', {}, 'cancelled order o-1'],
    ['review.hide', 'review r-1', {}, 'hid review r-1'],
    ['review.show', 'review r-1', {}, 'showed review r-1 again'],
    ['something.new', 'thing 1', {}, 'something.new thing 1'],
  ])('describes %s on %s', (action, target, details, words) => {
    expect(describeEntry({ action, target, details })).toBe(words);
  });
});
