import { apiErrors, notices, paths, placeOrderMessages, unpaidCapMessage, validation } from '@autoparts/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { aPart, aPartDetail, aVehicle } from '../../../test/orders';
import { renderRoutes } from '../../../test/render-with-router';
import { aCustomer } from '../../../test/users';
import { Component as PartPage } from './part';

/** The 2018 Corolla's application, for every engine, as the API words it. */
const corollaApplication = { year: 2018, make: 'Toyota', model: 'Corolla', submodel: '', engine: '', position: null, quantity: 1, notes: [], partType: null };

const GET_PART = 'GET /api/part/part-1';
const POST_ORDER = 'POST /api/order';

/** The part's fitment and an empty garage: what the page asks for beside the part. */
const catalogue = {
  'GET /api/part/part-1/fitment': { body: [aVehicle()] },
  'GET /api/garage': { body: { vehicles: [], activeId: null } },
};

function renderPartPage() {
  return renderRoutes(
    [
      {
        path: '/part/:id',
        element: (
          <>
            <PartPage />
            <Toaster />
          </>
        ),
      },
      { path: '/', element: <p>Home page</p> },
      { path: paths.myOrders, element: <h1>My Orders</h1> },
    ],
    { path: '/part/part-1' },
  );
}

/** The value shown beside a term of the part's details. */
function detail(term: string) {
  return screen.getByText(term, { selector: 'dt' }).nextElementSibling;
}

/** The Place Order form's code loads apart from the page's (a lazy `<Suspense>` boundary): wait for it. */
const formLoaded = () => screen.findByRole('form', { name: 'Place Order' });

const form = () => ({
  name: screen.getByLabelText('Name'),
  email: screen.getByLabelText('Email'),
  address: screen.getByLabelText('Address'),
  quantity: screen.getByLabelText('Order Quantity'),
  submit: screen.getByRole('button', { name: 'Place Order' }),
});

describe('Part page', () => {
  it('shows a skeleton while the part loads', async () => {
    stubFetch({ 'GET /api/me': { body: aCustomer() }, ...catalogue, [GET_PART]: () => new Promise(() => {}) });
    renderPartPage();
    expect(await screen.findByRole('status', { name: 'Loading part' })).toBeInTheDocument();
  });

  it('shows the part, and the form prefilled with the user and the minimum quantity', async () => {
    stubFetch({ 'GET /api/me': { body: aCustomer() }, ...catalogue, [GET_PART]: { body: aPartDetail() } });
    renderPartPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Brake Pads' })).toBeInTheDocument();
    await formLoaded();
    expect(document.title).toMatch(/^Brake Pads —/);
    expect(screen.getByRole('img', { name: 'Brake Pads' })).toHaveAttribute('src', '/images/parts/brake-pads.svg');
    expect(screen.getByText('Ceramic pads for quiet, clean stops.')).toBeInTheDocument();
    expect(screen.getByText('$12.50')).toBeInTheDocument();
    expect(detail('Available Quantity')).toHaveTextContent('40');
    expect(detail('Minimum Order Quantity')).toHaveTextContent('5');

    const { name, email, address, quantity, submit } = form();
    expect(name).toHaveValue('Jane Doe');
    expect(email).toHaveValue('jane@example.com');
    expect(email).toHaveAttribute('readonly');
    expect(address).toHaveValue('');
    expect(quantity).toHaveValue(5);
    expect(quantity).toHaveAttribute('type', 'number');
    expect(screen.getByText('Total: $62.50')).toBeInTheDocument();
    // Not valid until there is an address (SPEC §2), and it says so before anything is typed.
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription(`To place the order: ${validation.addressRequired}`);
    expect(screen.getByText(`To place the order: ${validation.addressRequired}`)).toBeVisible();
  });

  it('stops saying what is missing once the form is complete', async () => {
    stubFetch({ 'GET /api/me': { body: aCustomer() }, ...catalogue, [GET_PART]: { body: aPartDetail() } });
    const user = userEvent.setup();
    renderPartPage();
    await screen.findByRole('heading', { level: 1, name: 'Brake Pads' });
    await formLoaded();
    const { address, submit } = form();
    await user.type(address, '1200 Foundry Road, Detroit');
    await waitFor(() => expect(submit).toBeEnabled());
    expect(submit).not.toHaveAccessibleDescription();
    expect(screen.queryByText(/^To place the order:/)).not.toBeInTheDocument();
  });

  it('checks every change with the messages of SPEC §5, linked to their fields', async () => {
    const server = stubFetch({ 'GET /api/me': { body: aCustomer() }, ...catalogue, [GET_PART]: { body: aPartDetail() } });
    const user = userEvent.setup();
    renderPartPage();
    await screen.findByRole('heading', { level: 1, name: 'Brake Pads' });
    await formLoaded();
    const { address, quantity, submit } = form();

    await user.type(address, 'x');
    await user.clear(address);
    expect(await screen.findByText(validation.addressRequired)).toBeInTheDocument();
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(address).toHaveAccessibleDescription('Address is Required');
    await user.type(address, '1200 Foundry Road, Detroit');
    await waitFor(() => expect(submit).toBeEnabled());

    await user.clear(quantity);
    expect(await screen.findByText('Order Quantity is Required')).toBeInTheDocument();
    expect(quantity).toHaveAccessibleDescription(validation.quantityRequired);
    expect(submit).toBeDisabled();

    await user.type(quantity, '4');
    expect(await screen.findByText('Minimum Number of Orders Required — at least 5')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    // No total for a quantity that cannot be ordered: it is no order's amount (it read "Total: $50.00").
    expect(screen.queryByText(/^Total:/)).not.toBeInTheDocument();

    await user.clear(quantity);
    await user.type(quantity, '41');
    expect(await screen.findByText('Orders must be less than the available stock')).toBeInTheDocument();
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(submit).toBeDisabled();
    expect(screen.queryByText(/^Total:/)).not.toBeInTheDocument();

    await user.clear(quantity);
    await user.type(quantity, '40');
    await waitFor(() => expect(submit).toBeEnabled());
    expect(quantity).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Total: $500.00')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Name'));
    expect(await screen.findByText(validation.nameRequired)).toBeInTheDocument();
    expect(submit).toBeDisabled();
    expect(server.paths()).not.toContain(POST_ORDER);
  });

  // Regression (was a bug): trim() keeps a zero-width space, so an address no one can read was valid.
  it('says "Address is Required" for an address of invisible characters, and keeps Place Order disabled', async () => {
    const server = stubFetch({ 'GET /api/me': { body: aCustomer() }, ...catalogue, [GET_PART]: { body: aPartDetail() } });
    const user = userEvent.setup();
    renderPartPage();
    await formLoaded();
    const { address, submit } = form();

    await user.type(address, '\u200b\u2060');

    expect(await screen.findByText(validation.addressRequired)).toBeInTheDocument();
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(submit).toBeDisabled();
    expect(server.paths()).not.toContain(POST_ORDER);
  });

  it('places the order, says so, resets the form and shows the new stock', async () => {
    let available = 40;
    const server = stubFetch({
      'GET /api/me': { body: aCustomer() }, ...catalogue,
      [GET_PART]: () => ({ body: aPartDetail({ availableQuantity: available }) }),
      [POST_ORDER]: () => {
        available -= 10;
        return { body: { acknowledged: true, insertedId: 'order-9', orderNumber: '100009' } };
      },
    });
    const user = userEvent.setup();
    const { queryClient } = renderPartPage();
    queryClient.setQueryData(['parts'], [aPart()]);
    queryClient.setQueryData(['orders', 'mine', 'jane@example.com'], []);
    await screen.findByRole('heading', { level: 1, name: 'Brake Pads' });
    await formLoaded();
    const { name, address, quantity, submit } = form();

    await user.clear(name);
    await user.type(name, 'J. Doe');
    await user.type(address, '1200 Foundry Road, Detroit');
    await user.clear(quantity);
    await user.type(quantity, '10');
    await user.click(submit);

    expect(await screen.findByText(notices.orderPlaced)).toBeInTheDocument();
    expect(server.calls.find((call) => `${call.method} ${call.path}` === POST_ORDER)?.body).toEqual({
      partId: 'part-1',
      customername: 'J. Doe',
      address: '1200 Foundry Road, Detroit',
      orderQuantity: 10,
      quotedUnitPrice: 12.5,
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    // Back to the defaults (SPEC §8: the form resets either way).
    await waitFor(() => expect(form().address).toHaveValue(''));
    expect(form().name).toHaveValue('Jane Doe');
    expect(form().quantity).toHaveValue(5);
    expect(screen.queryByText(validation.addressRequired)).not.toBeInTheDocument();
    expect(form().submit).toBeDisabled();
    // The part is fetched again, and the lists that show stock or orders are out of date.
    await waitFor(() => expect(detail('Available Quantity')).toHaveTextContent('30'));
    expect(server.paths().filter((path) => path === GET_PART)).toHaveLength(2);
    expect(queryClient.getQueryState(['parts'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['orders', 'mine', 'jane@example.com'])?.isInvalidated).toBe(true);
    // What was placed, and the way to pay for it.
    const placed = screen.getByRole('region', { name: 'Order placed' });
    expect(within(placed).getByText('100009')).toBeInTheDocument();
    expect(within(placed).getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', '/dashboard/payment/order-9');
  });

  it('sends the same key again after a network error, and a new one once an order is placed (decision 162)', async () => {
    let reached = 0;
    const server = stubFetch({
      'GET /api/me': { body: aCustomer() }, ...catalogue,
      [GET_PART]: { body: aPartDetail() },
      [POST_ORDER]: () => {
        reached += 1;
        // The first request reaches the shop, whose reply is lost on the way back.
        if (reached === 1) throw new TypeError('Failed to fetch');
        return { body: { acknowledged: true, insertedId: 'order-9', orderNumber: '100009' } };
      },
    });
    const user = userEvent.setup();
    renderPartPage();
    await screen.findByRole('heading', { level: 1, name: 'Brake Pads' });
    await formLoaded();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await user.type(form().address, '1200 Foundry Road, Detroit');
      await user.click(form().submit);
      await waitFor(() => expect(form().address).toHaveValue(''));
    }
    expect(screen.getByRole('region', { name: 'Order placed' })).toBeInTheDocument();
    const keys = server.calls.filter((call) => `${call.method} ${call.path}` === POST_ORDER).map((call) => (call.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('says "Check Again" with the server’s reason when the order fails, and resets the form', async () => {
    const server = stubFetch({
      'GET /api/me': { body: aCustomer() }, ...catalogue,
      [GET_PART]: { body: aPartDetail() },
      [POST_ORDER]: { status: 409, body: { message: apiErrors.outOfStock } },
    });
    const user = userEvent.setup();
    renderPartPage();
    await screen.findByRole('heading', { level: 1, name: 'Brake Pads' });
    await formLoaded();
    await user.type(form().address, '1200 Foundry Road, Detroit');
    await user.click(form().submit);

    const toast = (await screen.findByText(notices.orderFailed)).closest('li')!;
    expect(within(toast).getByText(apiErrors.outOfStock)).toBeInTheDocument();
    await waitFor(() => expect(form().address).toHaveValue(''));
    expect(form().quantity).toHaveValue(5);
    await waitFor(() => expect(server.paths().filter((path) => path === GET_PART)).toHaveLength(2));
    expect(screen.queryByRole('region', { name: 'Order placed' })).not.toBeInTheDocument();
  });

  it('refused for the unpaid orders waiting, says so with the way to My Orders, as the checkout does, focused', async () => {
    stubFetch({
      'GET /api/me': { body: aCustomer() }, ...catalogue,
      [GET_PART]: { body: aPartDetail() },
      [POST_ORDER]: { status: 409, body: { message: unpaidCapMessage, reason: 'too-many-unpaid' } },
    });
    const user = userEvent.setup();
    const { router } = renderPartPage();
    await screen.findByRole('heading', { level: 1, name: 'Brake Pads' });
    await formLoaded();
    await user.type(form().address, '1200 Foundry Road, Detroit');
    await user.click(form().submit);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(unpaidCapMessage);
    expect(alert).toHaveFocus();
    expect(within(alert).queryByRole('link', { name: 'Change the cart' })).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('link', { name: 'Go to My Orders' }));
    expect(router.state.location.pathname).toBe(paths.myOrders);
  });

  it('sends the price it shows, and after a price changed since says so, shows the new price and places at it', async () => {
    // The audit's repro: $64.50 shown (minimum 10), the admin sets $193.50 before Place Order.
    let price = 64.5;
    const server = stubFetch({
      'GET /api/me': { body: aCustomer() }, ...catalogue,
      [GET_PART]: () => ({ body: aPartDetail({ price, minOrderQuantity: 10 }) }),
      [POST_ORDER]: (call) => {
        const quoted = (call.body as { quotedUnitPrice: number }).quotedUnitPrice;
        if (quoted !== price) return { status: 409, body: { message: placeOrderMessages.priceChanged(price), reason: 'changed', unitPrice: price } };
        return { body: { acknowledged: true, insertedId: 'order-7', orderNumber: '100007' } };
      },
    });
    const user = userEvent.setup();
    renderPartPage();
    await screen.findByRole('heading', { level: 1, name: 'Brake Pads' });
    await formLoaded();
    expect(screen.getByText('Total: $645.00')).toBeInTheDocument();
    price = 193.5;

    await user.type(form().address, '1200 Foundry Road, Detroit');
    await user.click(form().submit);

    // Nothing ordered: 'Check Again' with the reason, and the form says it too, focused.
    const toast = (await screen.findByText(notices.orderFailed)).closest('li')!;
    expect(within(toast).getByText(placeOrderMessages.priceChanged(193.5))).toBeInTheDocument();
    const changed = screen.getByRole('region', { name: placeOrderMessages.priceChangedHeading });
    expect(within(changed).getByText(placeOrderMessages.priceChanged(193.5))).toBeInTheDocument();
    expect(within(changed).getByRole('heading', { name: placeOrderMessages.priceChangedHeading })).toHaveFocus();
    // The part's new price is shown, in the total too, before the form may be sent again.
    await waitFor(() => expect(screen.getByText('Total: $1,935.00')).toBeInTheDocument());
    expect(screen.getByText('$193.50')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Order placed' })).not.toBeInTheDocument();

    await user.type(form().address, '1200 Foundry Road, Detroit');
    await user.click(form().submit);

    expect(await screen.findByRole('region', { name: 'Order placed' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: placeOrderMessages.priceChangedHeading })).not.toBeInTheDocument();
    const sent = server.calls.filter((call) => `${call.method} ${call.path}` === POST_ORDER).map((call) => (call.body as { quotedUnitPrice: number }).quotedUnitPrice);
    expect(sent).toEqual([64.5, 193.5]);
  });

  it('totals and sends the price break the quantity reaches', async () => {
    const server = stubFetch({
      'GET /api/me': { body: aCustomer() }, ...catalogue,
      [GET_PART]: { body: aPartDetail({ price: 10, minOrderQuantity: 1, priceBreaks: [{ minQuantity: 10, unitPrice: 8.5 }] }) },
      [POST_ORDER]: { body: { acknowledged: true, insertedId: 'order-8', orderNumber: '100008' } },
    });
    const user = userEvent.setup();
    renderPartPage();
    await screen.findByRole('heading', { level: 1, name: 'Brake Pads' });
    await formLoaded();
    await user.type(form().address, '1200 Foundry Road, Detroit');
    await user.clear(form().quantity);
    await user.type(form().quantity, '12');

    expect(screen.getByText('Total: $102.00')).toBeInTheDocument();
    await user.click(form().submit);
    expect(await screen.findByText(notices.orderPlaced)).toBeInTheDocument();
    expect(server.calls.find((call) => `${call.method} ${call.path}` === POST_ORDER)?.body).toMatchObject({ orderQuantity: 12, quotedUnitPrice: 8.5 });
  });

  it('says "Check Again" alone when the server’s reason would say nothing', async () => {
    stubFetch({
      'GET /api/me': { body: aCustomer() }, ...catalogue,
      [GET_PART]: { body: aPartDetail() },
      [POST_ORDER]: { status: 500, body: { message: apiErrors.internal } },
    });
    const user = userEvent.setup();
    renderPartPage();
    await screen.findByRole('heading', { level: 1, name: 'Brake Pads' });
    await formLoaded();
    await user.type(form().address, '1200 Foundry Road, Detroit');
    await user.click(form().submit);
    expect(await screen.findByText('Check Again')).toBeInTheDocument();
    expect(screen.queryByText(apiErrors.internal)).not.toBeInTheDocument();
  });

  it('says clearly when there is no such part', async () => {
    stubFetch({ 'GET /api/me': { body: aCustomer() }, ...catalogue, [GET_PART]: { status: 404, body: { message: apiErrors.partNotFound } } });
    renderPartPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Part not found' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Part not found —/);
    expect(screen.getByRole('link', { name: 'Browse all parts' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it.each([
    ['replaced by another', { code: '7', label: 'Superseded' }, 'part-replaced', 'This part has been replaced and is no longer sold under this number.'],
    ['no longer made', { code: '8', label: 'Discontinued' }, 'part-no-longer-made', 'This part is no longer made and cannot be ordered.'],
  ])('says a part %s cannot be ordered, names its replacement, and offers no way to order it', async (_case, lifecycle, testId, words) => {
    const replacedBy = { partNumber: 'BRK-2002', name: 'Brake Pads, Front' };
    stubFetch({ 'GET /api/me': { body: aCustomer() }, ...catalogue, [GET_PART]: { body: aPartDetail({ lifecycle, replacedBy }) } });
    renderPartPage();
    const notice = await screen.findByTestId(testId);
    expect(notice).toHaveTextContent(words);
    expect(within(notice).getByRole('link', { name: 'Brake Pads, Front BRK-2002' })).toHaveAttribute('href', '/parts/BRK-2002');
    expect(screen.queryByRole('form', { name: 'Place Order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Add to cart' })).not.toBeInTheDocument();
  });

  it('offers to try again when the part could not be loaded', async () => {
    let fail = true;
    stubFetch({
      'GET /api/me': { body: aCustomer() }, ...catalogue,
      [GET_PART]: () => (fail ? { status: 503, body: { message: 'Unavailable' } } : { body: aPartDetail() }),
    });
    const user = userEvent.setup();
    renderPartPage();
    const alert = await screen.findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Brake Pads' })).toBeInTheDocument();
  });

  it('lists the part number, OEM numbers, specs and the vehicles it fits by make and model with year ranges', async () => {
    stubFetch({
      'GET /api/me': { body: aCustomer() },
      [GET_PART]: { body: aPartDetail() },
      'GET /api/garage': { body: { vehicles: [], activeId: null } },
      'GET /api/part/part-1/fitment': {
        body: [2015, 2016, 2017, 2019].map((year) => aVehicle({ _id: `corolla-${year}`, year })).concat(aVehicle({ _id: 'civic', make: 'Honda', model: 'Civic', year: 2020 })),
      },
    });
    renderPartPage();
    await screen.findByRole('heading', { level: 1, name: 'Brake Pads' });

    expect(detail('Part number')).toHaveTextContent('BRK-1001');
    expect(detail('OEM numbers')).toHaveTextContent('04465-33450, 04465-02220');
    expect(detail('Friction material')).toHaveTextContent('Ceramic');
    const rows = await screen.findAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual(['ToyotaCorolla2015–2017, 2019', 'HondaCivic2020']);
    // No active vehicle: no verdict.
    expect(screen.queryByText(/fit your/)).not.toBeInTheDocument();
  });

  it.each([
    ['fits with its position and engine', '1.8L I4', 'Fits your 2018 Toyota Corolla — Front, with 1.8L I4 only'],
    ['fits only another engine', '2.0L I4', 'Fits the 2018 Toyota Corolla with 1.8L I4 only — not your 2.0L I4'],
  ])('says the part %s of the active vehicle, in words', async (_label, engine, verdict) => {
    stubFetch({
      'GET /api/me': { body: aCustomer() },
      [GET_PART]: { body: aPartDetail({ applications: [{ ...corollaApplication, engine: '1.8L I4', position: 'Front' }] }) },
      'GET /api/garage': { body: { vehicles: [aVehicle({ engine })], activeId: 'vehicle-1' } },
      'GET /api/part/part-1/fitment': { body: [] },
      // The verdict asks the vehicle for the part's applications on its base vehicle (decision 173).
      'GET /api/vehicles/vehicle-1/applications?ids=part-1': { body: [{ part: 'part-1', applications: [{ ...corollaApplication, engine: '1.8L I4', position: 'Front' }] }] },
    });
    renderPartPage();

    expect(await screen.findByText(verdict)).toBeInTheDocument();
  });

  it.each([
    ['fits', 'vehicle-1', 'Fits your 2018 Toyota Corolla'],
    ['does not fit', 'vehicle-2', 'Does not fit your 2018 Toyota Camry'],
  ])('says the part %s the active vehicle of My Garage', async (_label, activeId, verdict) => {
    const camry = aVehicle({ _id: 'vehicle-2', model: 'Camry' });
    stubFetch({
      'GET /api/me': { body: aCustomer() },
      [GET_PART]: { body: aPartDetail({ applications: [corollaApplication] }) },
      'GET /api/garage': { body: { vehicles: [aVehicle(), camry], activeId } },
      'GET /api/part/part-1/fitment': { body: [aVehicle()] },
      [`GET /api/vehicles/${activeId}/applications?ids=part-1`]: { body: activeId === 'vehicle-1' ? [{ part: 'part-1', applications: [corollaApplication] }] : [] },
    });
    renderPartPage();

    const shown = await screen.findByText(verdict);
    // Beside the price, before the order form: on a phone the buyer reads it before ordering.
    const price = screen.getByText('$12.50');
    expect(shown.closest('div.flex')).toBe(price.parentElement);
    expect(shown.compareDocumentPosition(screen.getByRole('form', { name: 'Place Order' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    if (activeId === 'vehicle-2') {
      expect(screen.getByRole('link', { name: 'Brakes parts that fit your 2018 Toyota Camry' })).toHaveAttribute(
        'href',
        '/shop?vehicle=vehicle-2&category=brakes',
      );
    }
  });
});
