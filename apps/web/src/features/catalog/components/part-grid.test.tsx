import { catalogueMessages } from '@autoparts/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { aPart } from '../../../test/orders';
import { renderRoutes } from '../../../test/render-with-router';
import { PartGrid } from './part-grid';

describe('PartGrid', () => {
  it('says parts that could not be loaded with the shop’s LoadFailed, whose Try again loads them', async () => {
    let up = false;
    stubFetch({
      'GET /api/me': { body: null },
      'GET /api/parts': () => (up ? { body: [aPart({ name: 'Ceramic Brake Pads' })] } : { status: 503, body: { message: 'Try again soon' } }),
    });
    renderRoutes([{ path: '*', element: <PartGrid placeholders={3} label="Parts" /> }]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(catalogueMessages.partsLoadFailed);

    up = true;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Ceramic Brake Pads' })).toBeInTheDocument();
  });
});
