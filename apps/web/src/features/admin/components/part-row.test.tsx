import { partPricingMessages, type AdminPart } from '@autoparts/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { anAdminPart, noActivity } from '../../../test/admin';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-with-router';
import { Component as ManageProductsPage } from '../routes/manage-products';

const GET_PARTS = 'GET /api/admin/parts?page=1&pageSize=20';
const pageOf = (parts: AdminPart[]) => ({ parts, total: parts.length, page: 1, pageSize: 20 });

describe("a part's row in Manage Products (decision 152)", () => {
  it('says a price the part’s price breaks refuse at the price field, which takes the focus, and in no toast', async () => {
    const pads = anAdminPart({ priceBreaks: [{ minQuantity: 30, unitPrice: 11 }] });
    const refusal = partPricingMessages.tierNotBelowList(30, 10);
    const server = stubFetch({
      [GET_PARTS]: { body: pageOf([pads]) },
      'PATCH /api/admin/part/part-1': { status: 400, body: { message: refusal } },
      ...noActivity,
    });
    renderRoutes(
      [
        {
          path: '/dashboard/manageproducts',
          element: (
            <>
              <ManageProductsPage />
              <Toaster />
            </>
          ),
        },
      ],
      { path: '/dashboard/manageproducts' },
    );
    const price = await screen.findByRole('textbox', { name: 'Price of Brake Pads' });
    await userEvent.clear(price);
    await userEvent.type(price, '10');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(price).toHaveFocus());
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription(refusal);
    expect(screen.getAllByText(refusal)).toHaveLength(1);
    expect(server.calls.filter((call) => call.method === 'PATCH')).toHaveLength(1);
  });
});
