import { partPromiseMessages, type OrderLine } from '@autoparts/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anOrder } from '../../../test/orders';
import { renderRoutes } from '../../../test/render-with-router';
import { ReturnRequestForm } from './return-request-form';

const line = (overrides: Partial<OrderLine>): OrderLine => ({
  kind: 'part',
  vehicleId: null,
  fitChecked: false,
  partId: 'rotor',
  partNumber: 'BR-100',
  name: 'Vented Brake Rotor',
  img: '/images/parts/brake-rotor.svg',
  quantity: 2,
  unitPrice: 64.5,
  lineTotal: 129,
  ...overrides,
});

describe('Return items: the parts to send back', () => {
  it('offers the order’s parts, not its core deposit lines (issue 34.20)', () => {
    const order = anOrder({
      status: 'delivered',
      paid: true,
      name: 'Vented Brake Rotor + 1 more',
      lines: [
        line({}),
        line({ partId: 'caliper', partNumber: 'CAL-200', name: 'Brake Caliper', quantity: 1, unitPrice: 89, lineTotal: 89 }),
        line({ kind: 'core-deposit', partId: 'caliper', partNumber: 'CAL-200', name: partPromiseMessages.coreDepositLine('Brake Caliper'), quantity: 1, unitPrice: 35, lineTotal: 35 }),
      ],
    });
    renderRoutes([{ path: '/', element: <ReturnRequestForm orders={[order]} /> }]);

    const parts = screen.getByRole('group', { name: 'Parts to send back' });
    expect(within(parts).getAllByRole('spinbutton').map((input) => input.getAttribute('aria-label'))).toEqual([
      'How many of Vented Brake Rotor to return',
      'How many of Brake Caliper to return',
    ]);
    expect(within(parts).queryByText(partPromiseMessages.coreDepositLine('Brake Caliper'), { exact: false })).toBeNull();
  });
});
