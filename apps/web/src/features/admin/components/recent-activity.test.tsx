import { couldNotLoad } from '@autoparts/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anAuditEntry, RECENT_ACTIVITY } from '../../../test/admin';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-with-router';
import { RecentActivity } from './recent-activity';

function renderActivity() {
  return renderRoutes([{ path: '*', element: <RecentActivity /> }]);
}

describe('Recent admin activity', () => {
  it('lists the last five admin actions, newest first, in words', async () => {
    const server = stubFetch({
      [RECENT_ACTIVITY]: {
        body: [
          anAuditEntry({ _id: 'a3', action: 'part.restock', target: 'part 0b1c5a3e-1111-4222-8333-444455556666', details: { quantity: 10 }, sentence: 'restocked “Spark Plug” (ELC-1001) by 10' }),
          anAuditEntry({ _id: 'a2', action: 'part.add', target: 'part 0b1c5a3e-1111-4222-8333-444455556666', details: { name: 'Spark Plug' }, sentence: 'added the product “Spark Plug”' }),
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
    expect(within(aside).getByRole('link', { name: 'The whole audit log' })).toHaveAttribute('href', '/dashboard/audit');
  });

  it('says when nothing happened yet, and offers to try again after a failure', async () => {
    let fail = true;
    stubFetch({ [RECENT_ACTIVITY]: () => (fail ? { status: 500, body: { message: 'Internal Server Error' } } : { body: [] }) });
    const user = userEvent.setup();
    renderActivity();
    expect(await screen.findByRole('alert')).toHaveTextContent(couldNotLoad('the recent admin activity'));
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No admin actions yet.')).toBeInTheDocument();
  });
});
