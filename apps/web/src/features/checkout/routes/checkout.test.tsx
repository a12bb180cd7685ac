import { accountMessages, checkoutMessages, companyMessages, currencyMessages, notices, onAccountCreditMessages, paths, unpaidCapMessage } from '@autoparts/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import { anAddress, torontoAddress } from '../../../test/addresses';
import { stubFetch, type StubbedCall } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-with-router';
import { anOrder } from '../../../test/orders';
import { ORDER_NOTE_MAX_LENGTH, PO_NUMBER_MAX_LENGTH, type Cart, type CheckoutQuote, type MyCompany } from '@autoparts/shared';
import { Component as CheckoutPage } from './checkout';

const pads = {
  kind: 'part' as const,
  partId: 'part-pads',
  partNumber: 'BP-100',
  name: 'Brake Pads',
  img: '/images/parts/pads.png',
  quantity: 10,
  unitPrice: 8.5,
  lineTotal: 85,
  minOrderQuantity: 2,
  availableQuantity: 40,
  problem: null,
  replaced: null,
};
const rotor = { ...pads, partId: 'part-rotor', partNumber: 'RT-200', name: 'Brake Rotor', quantity: 2, unitPrice: 45, lineTotal: 90 };
/** The buyer belongs to no company: checkout offers only the card (decision 081). */
const notAMember = { 'GET /api/company': { status: 404, body: { message: 'You are not a member of a company.' } } };
const aCart = (overrides: Partial<Cart> = {}): Cart => ({ lines: [pads, rotor], subtotal: 175, count: 12, ...overrides });

const standard = { id: 'ship-standard', name: 'Standard', estimate: '3–5 business days', price: 12.4 };
const express = { id: 'ship-express', name: 'Express', estimate: '1–2 business days', price: 29.9 };
const freight = { id: 'ship-freight', name: 'Freight', estimate: '5–8 business days', reason: 'Up to 30 kg; this cart weighs 41.5 kg' };

/**
 * The server's quote: none chosen of standard and express until one is asked for; freight is too
 * heavy; Toronto has only standard, free, chosen for the buyer.
 */
function quoteFor(call: StubbedCall): { body: CheckoutQuote } {
  const { addressId, shippingMethodId } = call.body as { addressId: string; shippingMethodId?: string };
  const lines = [pads, rotor];
  if (addressId === torontoAddress.id) {
    return {
      body: { lines, subtotal: 175, shippingMethods: [{ ...standard, price: 0 }], unavailableShippingMethods: [], shippingMethodId: standard.id, shipping: 0, tax: 22.75, taxExemption: null, total: 197.75 },
    };
  }
  const method = shippingMethodId === express.id ? express : shippingMethodId === standard.id ? standard : undefined;
  const tax = method === express ? 12.9 : method === standard ? 11.71 : 10.94;
  const shipping = method?.price ?? 0;
  return {
    body: {
      lines,
      subtotal: 175,
      shippingMethods: [standard, express],
      unavailableShippingMethods: [freight],
      shippingMethodId: method?.id ?? null,
      shipping,
      tax,
      taxExemption: null,
      total: Math.round((175 + shipping + tax) * 100) / 100,
    },
  };
}

function renderCheckout() {
  return renderRoutes(
    [
      {
        path: '/checkout',
        element: (
          <>
            <CheckoutPage />
            <Toaster />
          </>
        ),
      },
      {
        path: '/dashboard/payment/:id',
        element: (
          <>
            <h1>Payment page</h1>
            <Toaster />
          </>
        ),
      },
      { path: '/cart', element: <h1>Cart page</h1> },
      { path: '/dashboard/myorders', element: <h1>My Orders</h1> },
      { path: '/shop', element: <h1>Shop page</h1> },
    ],
    { path: '/checkout' },
  );
}

type Routes = Parameters<typeof stubFetch>[0];

/**
 * The checkout of a buyer of no company with `aCart()` and one address, the server quoting as
 * `quoteFor` (`routes` add to these stubs or take their place), rendered, and a user to drive it.
 */
function openCheckout(routes: Routes = {}) {
  const server = stubFetch({ ...notAMember, 'GET /api/cart': { body: aCart() }, 'GET /api/addresses': { body: [anAddress()] }, 'POST /api/checkout/quote': quoteFor, ...routes });
  const user = userEvent.setup();
  return { server, user, ...renderCheckout() };
}

/** The buyer is a member of Fleetco, as `company` says (a buyer on net 30 with no credit limit unless told), with these locations. */
const ofCompany = (company: Partial<MyCompany> = {}, locations: unknown[] = []) => ({
  'GET /api/company': {
    body: { id: 'co-1', name: 'Fleetco', taxId: '', status: 'active', paymentTerms: 'net30', creditLimit: null, poRequired: false, role: 'buyer', balance: 0, available: null, ...company },
  },
  'GET /api/company/locations': { body: locations },
  // The PO number typed, among the company's orders (decision 187): none carries it.
  'GET /api/company/orders?poNumber=*': { body: [] },
});

/** Chooses Standard shipping and waits until Place order may be pressed. */
async function chooseStandard(user: UserEvent) {
  await user.click(within(await screen.findByRole('group', { name: 'Shipping method' })).getByRole('radio', { name: /Standard/ }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
}

const summary = () => screen.getByRole('region', { name: 'Order summary' });
const figure = (term: string) => within(summary()).getByText(term).nextElementSibling?.textContent;

describe('Checkout', () => {
  it('says when the cart is empty, with the way to the shop', async () => {
    const { server, user, router } = openCheckout({ 'GET /api/cart': { body: aCart({ lines: [], subtotal: 0, count: 0 }) } });
    expect(await screen.findByText('Your cart is empty, so there is nothing to check out.')).toBeInTheDocument();
    expect(server.paths()).not.toContain('POST /api/checkout/quote');
    await user.click(screen.getByRole('link', { name: 'Browse parts' }));
    expect(router.state.location.pathname).toBe('/shop');
  });

  it('chooses the default address, shows each method with price and estimate, chooses none, and shows the server’s totals once one is', async () => {
    const { server, user } = openCheckout({ 'GET /api/addresses': { body: [torontoAddress, anAddress()] } });

    const shipTo = await screen.findByRole('group', { name: 'Ship to' });
    await waitFor(() => expect(within(shipTo).getByRole('radio', { name: /Springfield, IL 62701/ })).toBeChecked());
    const methods = await screen.findByRole('group', { name: 'Shipping method' });
    // Several methods: none is chosen for the buyer (issue 34.5), and Place order waits for one.
    expect(within(methods).getByRole('radio', { name: /Standard.*3–5 business days.*\$12\.40/ })).not.toBeChecked();
    expect(within(methods).getByRole('radio', { name: /Express.*1–2 business days.*\$29\.90/ })).not.toBeChecked();
    expect(server.calls.find((call) => call.path === '/api/checkout/quote')?.body).toEqual({ addressId: 'addr-1' });
    expect(within(summary()).getByText('Brake Pads')).toBeInTheDocument();
    expect(within(summary()).getByText('BP-100 · 10 × $8.50')).toBeInTheDocument();
    expect(figure('Subtotal')).toBe('$175.00');
    expect(figure('Shipping')).toBe('Choose a method');
    expect(figure('Total')).toBe('—');
    // Prices are in US dollars; within the US, no word of duties (issue 34.13).
    expect(within(summary()).getByText(currencyMessages.usDollars)).toBeInTheDocument();
    expect(within(summary()).queryByText(currencyMessages.dutiesAbroad)).toBeNull();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
    expect(screen.getByText('To place the order: choose a shipping method')).toBeInTheDocument();

    // A method the cart is too heavy for is shown, not choosable, and says why.
    const tooHeavy = within(methods).getByRole('radio', { name: /Freight/ });
    expect(tooHeavy).toBeDisabled();
    expect(tooHeavy).toHaveAccessibleDescription('Not available: Up to 30 kg; this cart weighs 41.5 kg');

    await user.click(within(methods).getByRole('radio', { name: /Standard/ }));
    await waitFor(() => expect(figure('Shipping')).toBe('$12.40'));
    expect(figure('Tax')).toBe('$11.71');
    expect(figure('Total')).toBe('$199.11');

    await user.click(within(methods).getByRole('radio', { name: /Express/ }));
    await waitFor(() => expect(figure('Total')).toBe('$217.80'));
    expect(server.calls.at(-1)?.body).toEqual({ addressId: 'addr-1', shippingMethodId: 'ship-express' });

    // Another address: the server offers its own methods and chooses again.
    await user.click(within(shipTo).getByRole('radio', { name: /Toronto/ }));
    await waitFor(() => expect(figure('Shipping')).toBe('Free'));
    expect(server.calls.at(-1)?.body).toEqual({ addressId: 'addr-2' });
    expect(figure('Total')).toBe('$197.75');
    // Its only method is chosen for the buyer.
    expect(within(methods).getByRole('radio', { name: /Standard/ })).toBeChecked();
    // Shipped to Canada: duties and local taxes may be due on delivery.
    expect(within(summary()).getByText(currencyMessages.dutiesAbroad)).toBeInTheDocument();
  });

  it('places one order with the PO number and note, and goes to its payment page', async () => {
    const { server, user, router } = openCheckout({ 'POST /api/checkout': { body: { acknowledged: true, insertedId: 'order-42', orderNumber: '100042', total: 199.11 } } });
    await chooseStandard(user);
    await user.type(screen.getByLabelText('Purchase-order number (optional)'), 'PO-7781');
    await user.type(screen.getByLabelText('Note for this order (optional)'), 'Deliver to bay 2');
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    expect(await screen.findByRole('heading', { name: 'Payment page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/payment/order-42');
    // In the checkout's place: Back goes to the cart, not to a checkout the order has emptied.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(server.calls.find((call) => call.path === '/api/checkout')?.body).toEqual({
      addressId: 'addr-1',
      shippingMethodId: 'ship-standard',
      paymentMethod: 'card',
      quotedTotal: 199.11,
      idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
      poNumber: 'PO-7781',
      note: 'Deliver to bay 2',
    });
    expect(await screen.findByText(notices.orderPlaced)).toBeInTheDocument();
  });

  it('after a network error keeps the cart and, pressed again, sends the same key and goes to the order it placed (decision 162)', async () => {
    let reached = 0;
    const { server, user, router } = openCheckout({
      'POST /api/checkout': () => {
        reached += 1;
        // The first press reached the shop and placed the order; its reply was lost on the way back.
        if (reached === 1) throw new TypeError('Failed to fetch');
        return { body: { acknowledged: true, insertedId: 'order-42', orderNumber: '100042', total: 199.11 } };
      },
    });
    await chooseStandard(user);
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    expect(await screen.findByText(notices.orderFailed)).toBeInTheDocument();
    // Whether it was placed is not known: the cart is not read again, and the form stays.
    expect(server.paths().filter((path) => path === 'GET /api/cart')).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    expect(await screen.findByRole('heading', { name: 'Payment page' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/payment/order-42');
    const keys = server.calls.filter((call) => call.path === '/api/checkout').map((call) => (call.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('bounds the PO number and the note', async () => {
    const { server, user } = openCheckout();
    await screen.findByRole('group', { name: 'Shipping method' });
    const po = screen.getByLabelText('Purchase-order number (optional)');
    expect(po).toHaveAttribute('maxLength', String(PO_NUMBER_MAX_LENGTH));
    expect(screen.getByLabelText('Note for this order (optional)')).toHaveAttribute('maxLength', String(ORDER_NOTE_MAX_LENGTH));
    await user.type(po, 'x'.repeat(PO_NUMBER_MAX_LENGTH + 5));
    expect(po).toHaveValue('x'.repeat(PO_NUMBER_MAX_LENGTH));
    expect(server.paths()).not.toContain('POST /api/checkout');
  });

  it('shows each line’s problem when the order is refused, with the way back to the cart', async () => {
    const { user, router } = openCheckout({
      'POST /api/checkout': {
        status: 409,
        body: {
          message: 'Some lines no longer fit the stock; nothing was ordered.',
          lines: [{ partId: 'part-rotor', message: 'Only 1 left in stock' }],
        },
      },
    });
    await chooseStandard(user);
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Some lines no longer fit the stock; nothing was ordered.');
    expect(alert).toHaveTextContent('Brake Rotor: Only 1 left in stock');
    await user.click(within(alert).getByRole('link', { name: 'Change the cart' }));
    expect(router.state.location.pathname).toBe('/cart');
  });

  it('refused for the unpaid orders waiting, leads to My Orders, where one is paid or cancelled, not to the cart', async () => {
    const { user, router } = openCheckout({ 'POST /api/checkout': { status: 409, body: { message: unpaidCapMessage, lines: [], reason: 'too-many-unpaid' } } });
    await chooseStandard(user);
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(unpaidCapMessage);
    expect(within(alert).queryByRole('link', { name: 'Change the cart' })).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('link', { name: 'Go to My Orders' }));
    expect(router.state.location.pathname).toBe(paths.myOrders);
  });

  it('when the total changed since the quote, says so, shows the new total and places at it', async () => {
    let tripled = false;
    const newQuote = (call: StubbedCall) => {
      const { body } = quoteFor(call);
      return { body: { ...body, lines: [{ ...pads, unitPrice: 25.5, lineTotal: 255 }, rotor], subtotal: 345, tax: 23.41, total: 380.81 } };
    };
    const { server, user, router } = openCheckout({
      'POST /api/checkout/quote': (call) => (tripled ? newQuote(call) : quoteFor(call)),
      'POST /api/checkout': (call) => {
        const { quotedTotal } = call.body as { quotedTotal: number };
        if (quotedTotal === 380.81) return { body: { acknowledged: true, insertedId: 'order-43', orderNumber: '100043', total: 380.81 } };
        const quote = newQuote(call).body;
        return { status: 409, body: { message: checkoutMessages.totalChanged(quote.total), lines: [], reason: 'changed', quote } };
      },
    });
    await user.click(within(await screen.findByRole('group', { name: 'Shipping method' })).getByRole('radio', { name: /Standard/ }));
    await waitFor(() => expect(figure('Total')).toBe('$199.11'));
    tripled = true;
    await user.click(screen.getByRole('button', { name: 'Place order' }));

    const changed = await screen.findByRole('alert');
    expect(changed).toHaveTextContent('The total has changed to $380.81 since it was shown to you, so nothing was ordered.');
    // The keyboard is taken to what was said (the button is disabled while the quote is asked again).
    await waitFor(() => expect(changed).toHaveFocus());
    await waitFor(() => expect(figure('Total')).toBe('$380.81'));
    expect(figure('Subtotal')).toBe('$345.00');
    expect(router.state.location.pathname).toBe('/checkout');

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('heading', { name: 'Payment page' })).toBeInTheDocument();
    expect(server.calls.filter((call) => call.path === '/api/checkout').map((call) => (call.body as { quotedTotal: number }).quotedTotal)).toEqual([199.11, 380.81]);
  });

  it('says a refusal for stock once, beside Place order, focused, though the cart read again has the same problem', async () => {
    let refused = false;
    const short = { ...rotor, availableQuantity: 1, problem: 'Only 1 in stock' };
    const { user } = openCheckout({
      'GET /api/cart': () => ({ body: aCart(refused ? { lines: [pads, short] } : {}) }),
      'POST /api/checkout': () => {
        refused = true;
        return { status: 409, body: { message: checkoutMessages.linesRefused, lines: [{ partId: 'part-rotor', message: checkoutMessages.onlyLeft(1) }] } };
      },
    });
    await chooseStandard(user);
    screen.getByRole('button', { name: 'Place order' }).focus();
    await user.keyboard('{Enter}');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Brake Rotor: ${checkoutMessages.onlyLeft(1)}`);
    await waitFor(() => expect(alert).toHaveFocus());
    // The cart, read again, now has the line's problem: not said a second time above.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled());
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('takes a refusal away once another shipping method is chosen: it named a total no longer shown', async () => {
    const { user } = openCheckout({
      'POST /api/checkout': (call) => {
        const quote = quoteFor(call).body;
        return { status: 409, body: { message: checkoutMessages.totalChanged(250), lines: [], reason: 'changed', quote } };
      },
    });
    const methods = await screen.findByRole('group', { name: 'Shipping method' });
    await user.click(within(methods).getByRole('radio', { name: /Standard/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The total has changed to $250.00');

    await user.click(within(methods).getByRole('radio', { name: /Express/ }));
    await waitFor(() => expect(figure('Total')).toBe('$217.80'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('blocks the order while a cart line has a problem', async () => {
    openCheckout({ 'GET /api/cart': { body: aCart({ lines: [pads, { ...rotor, problem: 'This part is no longer sold' }] }) } });
    await screen.findByRole('group', { name: 'Shipping method' });
    expect(screen.getByRole('alert')).toHaveTextContent('Brake Rotor: This part is no longer sold');
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
  });

  it('with no address yet, opens the form; the address added is chosen and priced', async () => {
    let book: unknown[] = [];
    const { server, user } = openCheckout({
      'GET /api/addresses': () => ({ body: book }),
      'POST /api/addresses': () => {
        book = [anAddress()];
        return { body: anAddress() };
      },
    });
    expect(await screen.findByRole('heading', { name: 'Where should we ship?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
    expect(screen.getByText('To place the order: choose an address')).toBeInTheDocument();
    expect(figure('Shipping')).toBe('Choose an address');

    const form = screen.getByRole('form', { name: 'New address' });
    await user.type(within(form).getByLabelText('Full name'), 'Jane Doe');
    await user.type(within(form).getByLabelText('Address line 1'), '100 Main St');
    await user.type(within(form).getByLabelText('City'), 'Springfield');
    await user.selectOptions(within(form).getByLabelText('State'), 'IL');
    await user.type(within(form).getByLabelText('Postal code'), '62701');
    await user.click(within(form).getByRole('button', { name: 'Add address' }));

    expect(await screen.findByRole('radio', { name: /Springfield, IL 62701/ })).toBeChecked();
    await waitFor(() => expect(figure('Shipping')).toBe('Choose a method'));
    expect(server.calls.find((call) => call.path === '/api/checkout/quote')?.body).toEqual({ addressId: 'addr-1' });
    await user.click(screen.getByRole('radio', { name: /Standard/ }));
    await waitFor(() => expect(figure('Total')).toBe('$199.11'));
    expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled();
  });

  it('adds another address through "Add a new address" and chooses it', async () => {
    let book = [anAddress()];
    const { user } = openCheckout({
      'GET /api/addresses': () => ({ body: book }),
      'POST /api/addresses': () => {
        book = [...book, torontoAddress];
        return { body: torontoAddress };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add a new address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    // The button gave way to the form: the keyboard is in its first field, not at the page's top.
    await waitFor(() => expect(within(form).getByLabelText('Country')).toHaveFocus());
    await user.selectOptions(within(form).getByLabelText('Country'), 'CA');
    await user.type(within(form).getByLabelText('Full name'), 'Jane at work');
    await user.type(within(form).getByLabelText('Address line 1'), '1 Front St W');
    await user.type(within(form).getByLabelText('City'), 'Toronto');
    await user.selectOptions(within(form).getByLabelText('Province or territory'), 'ON');
    await user.type(within(form).getByLabelText('Postal code'), 'M5J 2X5');
    await user.click(within(form).getByRole('button', { name: 'Add address' }));

    const toronto = await screen.findByRole('radio', { name: /Toronto, ON M5J 2X5/ });
    expect(toronto).toBeChecked();
    // The form went: the address it added has the focus.
    await waitFor(() => expect(toronto).toHaveFocus());
    await waitFor(() => expect(figure('Shipping')).toBe('Free'));
  });

  it('gives the focus back to "Add a new address" when its form is cancelled', async () => {
    const { user } = openCheckout();
    (await screen.findByRole('button', { name: 'Add a new address' })).focus();
    await user.keyboard('{Enter}');
    const form = screen.getByRole('form', { name: 'New address' });
    await waitFor(() => expect(within(form).getByLabelText('Country')).toHaveFocus());
    within(form).getByRole('button', { name: 'Cancel' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add a new address' })).toHaveFocus());
  });

  it('says when no shipping method reaches the address', async () => {
    openCheckout({ 'POST /api/checkout/quote': { body: { lines: [], subtotal: 175, shippingMethods: [], unavailableShippingMethods: [freight], shippingMethodId: null, shipping: 0, tax: 0, total: 175 } } });
    // The shared message, as the checkout's own words (the page had a copy of its own, worded otherwise).
    expect(await screen.findByText(checkoutMessages.noShippingMethod)).toBeInTheDocument();
    expect(checkoutMessages.noShippingMethod).toBe('No shipping method reaches this address with this cart. Choose another address, or change the cart.');
    expect(screen.getByRole('alert')).toHaveTextContent('Freight: Up to 30 kg; this cart weighs 41.5 kg');
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
  });

  it('says when the cart or the quote could not be loaded, and tries again', async () => {
    let failCart = true;
    let failQuote = true;
    const { user } = openCheckout({
      'GET /api/cart': () => (failCart ? { status: 503, body: { message: 'Down' } } : { body: aCart() }),
      'POST /api/checkout/quote': (call) => (failQuote ? { status: 500, body: { message: 'Internal Server Error' } } : quoteFor(call)),
    });
    expect(await screen.findByText('We could not load your cart right now.')).toBeInTheDocument();
    failCart = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('We could not price shipping for this address right now.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
    failQuote = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'Shipping method' })).toBeInTheDocument();
  });

  it('offers a buyer of a company with terms "On account (net 30)", asks for the PO number it requires, and shows a refusal in words', async () => {
    const { server, user } = openCheckout({
      ...ofCompany({ creditLimit: 1000, poRequired: true, balance: 900, available: 100 }),
      'POST /api/checkout': { status: 409, body: { message: accountMessages.refusals['credit-limit'], lines: [], reason: 'credit-limit' } },
    });
    await chooseStandard(user);
    const payment = await screen.findByRole('group', { name: 'Payment' });
    expect(within(payment).getByRole('radio', { name: /Card/ })).toBeChecked();
    await user.click(within(payment).getByRole('radio', { name: /On account \(net 30\): invoiced to Fleetco/ }));
    const po = screen.getByLabelText('Purchase-order number (required by your company)');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(accountMessages.refusals['po-required'])).toBeInTheDocument();
    expect(server.paths()).not.toContain('POST /api/checkout');
    await user.type(po, 'PO-9');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(accountMessages.refusals['credit-limit'])).toBeInTheDocument();
    expect(server.calls.find((call) => call.path === '/api/checkout')?.body).toMatchObject({ paymentMethod: 'account', poNumber: 'PO-9' });
  });

  it('warns, without refusing, when the PO number typed is already on orders of the company still standing (decision 187)', async () => {
    const earlier = (orderNumber: string) => ({ ...anOrder({ _id: `o-${orderNumber}` }), orderNumber, placedBy: 'Bo Buyer (bo@example.com)', location: 'Depot', paymentMethod: 'account', dueOn: '2027-01-05' });
    const { server, user } = openCheckout({
      ...ofCompany({ poRequired: true }),
      'GET /api/company/orders?poNumber=PO-77': { body: [earlier('100002'), earlier('100001')] },
      'POST /api/checkout': { body: { acknowledged: true, insertedId: 'order-9', orderNumber: '100003', total: 199.11, paymentMethod: 'card', dueOn: null } },
    });
    await chooseStandard(user);
    const po = screen.getByLabelText('Purchase-order number (required by your company)');
    const warning = companyMessages.poNumberOnOrders('PO-77', ['100002', '100001']);
    // Asked once the field is left, as the server keeps it (spaces around it dropped).
    await user.type(po, ' PO-77 ');
    expect(screen.queryByText(warning)).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText(warning)).toHaveAttribute('role', 'status');
    expect(server.paths()).toContain('GET /api/company/orders?poNumber=PO-77');
    const place = screen.getByRole('button', { name: 'Place order' });
    expect(place).toHaveAccessibleDescription(warning);
    // Another number found on no order: no warning.
    await user.clear(po);
    await user.type(po, 'PO-78');
    await user.tab();
    await waitFor(() => expect(screen.queryByText(warning)).not.toBeInTheDocument());
    expect(place).not.toHaveAccessibleDescription(warning);
    // It warns only: the order with a PO number already used is placed when asked.
    await user.clear(po);
    await user.type(po, 'PO-77');
    await user.tab();
    expect(await screen.findByText(warning)).toBeInTheDocument();
    await user.click(place);
    await waitFor(() => expect(server.calls.find((call) => call.path === '/api/checkout')?.body).toMatchObject({ poNumber: 'PO-77' }));
  });

  it.each([
    ['Enter in the field, never left', (user: UserEvent) => user.keyboard('{Enter}')],
    ['a click on Place order, which leaves the field as it presses', (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Place order' }))],
  ])('holds a Place order sent by %s with a PO number already on orders until its warning is on the page, then places it (decision 200)', async (_how, press) => {
    const earlier = { ...anOrder({ _id: 'o-100002' }), orderNumber: '100002', placedBy: 'Bo Buyer (bo@example.com)', location: 'Depot', paymentMethod: 'account', dueOn: '2027-01-05' };
    const { server, user } = openCheckout({
      ...ofCompany(),
      'GET /api/company/orders?poNumber=PO-77': { body: [earlier] },
      'POST /api/checkout': { body: { acknowledged: true, insertedId: 'order-9', orderNumber: '100003', total: 199.11, paymentMethod: 'card', dueOn: null } },
    });
    await chooseStandard(user);
    const place = screen.getByRole('button', { name: 'Place order' });
    const warning = companyMessages.poNumberOnOrders('PO-77', ['100002']);
    // Typed and sent at once: the order waits for the lookup, which finds it on order 100002.
    await user.type(screen.getByLabelText('Purchase-order number (optional)'), 'PO-77');
    await press(user);
    expect(await screen.findByText(warning)).toHaveAttribute('role', 'status');
    expect(place).toHaveAccessibleDescription(warning);
    expect(server.paths()).toContain('GET /api/company/orders?poNumber=PO-77');
    expect(server.paths()).not.toContain('POST /api/checkout');
    // Pressed with the warning on the page, it is placed: it only warns.
    await user.click(place);
    await waitFor(() => expect(server.calls.find((call) => call.path === '/api/checkout')?.body).toMatchObject({ poNumber: 'PO-77' }));
    expect(server.paths().filter((path) => path === 'POST /api/checkout')).toHaveLength(1);
  });

  it('places at once an order whose PO number, typed and sent at once, is on no order of the company', async () => {
    const { server, user } = openCheckout({
      ...ofCompany(),
      'POST /api/checkout': { body: { acknowledged: true, insertedId: 'order-9', orderNumber: '100003', total: 199.11, paymentMethod: 'card', dueOn: null } },
    });
    await chooseStandard(user);
    await user.type(screen.getByLabelText('Purchase-order number (optional)'), 'PO-78{Enter}');
    await waitFor(() => expect(server.calls.find((call) => call.path === '/api/checkout')?.body).toMatchObject({ poNumber: 'PO-78' }));
    expect(server.paths()).toContain('GET /api/company/orders?poNumber=PO-78');
  });

  it('says the credit left with On account, and that the total is over it before Place order (decision 169)', async () => {
    const { server, user } = openCheckout({
      ...ofCompany({ creditLimit: 1000, balance: 800, available: 200 }),
      'POST /api/checkout': { status: 409, body: { message: accountMessages.refusals['credit-limit'], lines: [], reason: 'credit-limit' } },
    });
    const methods = await screen.findByRole('group', { name: 'Shipping method' });
    const payment = await screen.findByRole('group', { name: 'Payment' });
    const onAccount = within(payment).getByRole('radio', { name: /On account \(net 30\)/ });
    // $200.00 left; the quote without shipping, $185.94, fits.
    expect(within(payment).getByText('Available credit: $200.00')).toBeInTheDocument();
    expect(onAccount).toHaveAccessibleDescription('Available credit: $200.00');
    expect(screen.queryByText(onAccountCreditMessages.over(185.94, 200))).not.toBeInTheDocument();
    // Express takes it to $217.80: said before Place order, and to the choice.
    await user.click(within(methods).getByRole('radio', { name: /Express/ }));
    const over = onAccountCreditMessages.over(217.8, 200);
    expect(await within(payment).findByText(over)).toBeInTheDocument();
    expect(over).toContain('$217.80');
    expect(onAccount).toHaveAccessibleDescription(`Available credit: $200.00 ${over}`);
    // Standard, $199.11, fits again.
    await user.click(within(methods).getByRole('radio', { name: /Standard/ }));
    await waitFor(() => expect(screen.queryByText(/so it cannot be placed on account/)).not.toBeInTheDocument());
    // The server stays the authority: over the limit, Place order is sent and its refusal shown, and
    // the company is read again, so the credit shown is the one that refused it.
    await user.click(within(methods).getByRole('radio', { name: /Express/ }));
    await user.click(onAccount);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
    const companyReads = server.paths().filter((path) => path === 'GET /api/company').length;
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(accountMessages.refusals['credit-limit'])).toBeInTheDocument();
    await waitFor(() => expect(server.paths().filter((path) => path === 'GET /api/company').length).toBeGreaterThan(companyReads));
  });

  it('says a company in credit has more than its limit left', async () => {
    openCheckout({ ...ofCompany({ creditLimit: 100, role: 'owner', balance: -150.21, available: 250.21 }) });
    const payment = await screen.findByRole('group', { name: 'Payment' });
    await screen.findByRole('group', { name: 'Shipping method' });
    // $185.94 on a $100.00 limit with $150.21 in credit: $250.21 left, and it fits.
    expect(within(payment).getByText('Available credit: $250.21')).toBeInTheDocument();
    expect(screen.queryByText(/so it cannot be placed on account/)).not.toBeInTheDocument();
  });

  it('says to a buyer why On account is not offered while the company is on hold, and places the order by card (decision 212)', async () => {
    const { server, user } = openCheckout({
      ...ofCompany({ status: 'on-hold' }),
      'POST /api/checkout': { body: { acknowledged: true, insertedId: 'order-1', orderNumber: '100001', total: 60, paymentMethod: 'card', dueOn: null } },
    });
    await chooseStandard(user);
    const payment = screen.getByRole('group', { name: 'Payment' });
    expect(within(payment).getByText(accountMessages.refusals['on-hold'])).toBeInTheDocument();
    expect(within(payment).queryByRole('radio')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(server.calls.find((call) => call.path === '/api/checkout')?.body).toMatchObject({ paymentMethod: 'card' }));
  });

  it('asks a member of a company that requires a PO number for it on a card order too (decision 106)', async () => {
    const { server, user } = openCheckout({
      ...ofCompany({ paymentTerms: null, poRequired: true, role: 'viewer' }),
      'POST /api/checkout': { body: { acknowledged: true, insertedId: 'order-1', orderNumber: '100001', total: 60, paymentMethod: 'card', dueOn: null } },
    });
    await chooseStandard(user);
    // No terms: no choice of payment, the card; the PO number is asked for all the same.
    expect(screen.queryByRole('group', { name: 'Payment' })).not.toBeInTheDocument();
    const po = await screen.findByLabelText('Purchase-order number (required by your company)');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(accountMessages.refusals['po-required'])).toBeInTheDocument();
    expect(po).toHaveFocus();
    expect(server.paths()).not.toContain('POST /api/checkout');
    await user.type(po, 'PO-10');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(server.calls.find((call) => call.path === '/api/checkout')?.body).toMatchObject({ paymentMethod: 'card', poNumber: 'PO-10' }));
  });

  it('offers a member the company’s locations first, with the quote’s tax exemption, and ships there; or to an address of their own', async () => {
    const depot = { ...anAddress(), id: 'loc-depot', name: 'Springfield depot' };
    delete (depot as { isDefault?: boolean }).isDefault;
    const { server, user } = openCheckout({
      ...ofCompany({}, [depot]),
      'POST /api/checkout/quote': (call) => {
        const quoted = quoteFor(call);
        return (call.body as { locationId?: string }).locationId === depot.id
          ? { body: { ...quoted.body, tax: 0, taxExemption: 'Tax exempt: resale certificate IL-RS-1001 for IL', total: Math.round((175 + quoted.body.shipping) * 100) / 100 } }
          : quoted;
      },
      'POST /api/checkout': { body: { acknowledged: true, insertedId: 'order-1', orderNumber: '100001', total: 187.4, paymentMethod: 'account', dueOn: '2027-01-04' } },
    });
    const shipTo = await screen.findByRole('group', { name: 'Ship to' });
    expect(within(shipTo).getByRole('radio', { name: /Springfield depot.*A location of Fleetco/ })).toBeChecked();
    // The buyer's own addresses follow, none chosen.
    const own = await screen.findByRole('group', { name: 'Or to an address of your own' });
    expect(within(own).getByRole('radio')).not.toBeChecked();
    expect(server.calls.filter((call) => call.path === '/api/checkout/quote').at(-1)?.body).toEqual({ locationId: depot.id });
    await user.click(within(await screen.findByRole('group', { name: 'Shipping method' })).getByRole('radio', { name: /Standard/ }));
    expect(await screen.findByText('Tax exempt: resale certificate IL-RS-1001 for IL')).toBeInTheDocument();
    expect(server.calls.filter((call) => call.path === '/api/checkout/quote').at(-1)?.body).toEqual({ locationId: depot.id, shippingMethodId: standard.id });
    // No credit limit: On account says no figure (decision 169).
    expect(screen.getByRole('radio', { name: /On account/ })).not.toHaveAccessibleDescription();
    expect(screen.queryByText(/Available credit/)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(server.calls.find((call) => call.path === '/api/checkout')?.body).toMatchObject({ locationId: depot.id, shippingMethodId: standard.id }));
    expect(server.calls.find((call) => call.path === '/api/checkout')?.body).not.toHaveProperty('addressId');
    // The due date in the words the order's page says it (decision 136), not "2027-01-04".
    expect(await screen.findByText(accountMessages.placed('100001', 'Jan 4, 2027'))).toBeInTheDocument();
  });

  it('says to a member removed while at checkout that they belong to no company now, and drops its location, its quote and On account (decision 212)', async () => {
    const depot = { ...anAddress(), id: 'loc-depot', name: 'Springfield depot' };
    delete (depot as { isDefault?: boolean }).isDefault;
    let removed = false;
    const company = ofCompany({}, [depot]);
    const gone = { status: 404, body: { message: checkoutMessages.noCompany } };
    const exemption = 'Tax exempt: resale certificate IL-RS-1001 for IL';
    const { server, user } = openCheckout({
      ...company,
      'GET /api/company': () => (removed ? notAMember['GET /api/company'] : company['GET /api/company']),
      'POST /api/checkout/quote': (call) => {
        if (!(call.body as { locationId?: string }).locationId) return quoteFor(call);
        return removed ? gone : { body: { ...quoteFor(call).body, tax: 0, taxExemption: exemption } };
      },
      'POST /api/checkout': () => gone,
      // The buyer has no address of their own: the company's depot was their only place.
      'GET /api/addresses': { body: [] },
    });
    const shipTo = await screen.findByRole('group', { name: 'Ship to' });
    expect(within(shipTo).getByRole('radio', { name: /Springfield depot/ })).toBeChecked();
    await chooseStandard(user);
    expect(within(summary()).getByText(exemption)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /On account/ }));
    // The owner removes the buyer; the buyer presses Place order.
    removed = true;
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(checkoutMessages.noCompany)).toBeInTheDocument();
    // The page's heading takes the keyboard: the form it pressed from is drawn again, its prices asked anew.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toHaveFocus());
    // The company is read again: its location and On account go, and the buyer's own address is chosen and priced.
    await waitFor(() => expect(screen.queryByRole('radio', { name: /Springfield depot/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('radio', { name: /On account/ })).not.toBeInTheDocument();
    // The depot's quote (its exemption, its prices) is not the summary's any more: an address is asked for.
    expect(await screen.findByText('To place the order: choose an address')).toBeInTheDocument();
    expect(within(summary()).queryByText(exemption)).not.toBeInTheDocument();
    expect(server.calls.filter((call) => call.path === '/api/checkout/quote').at(-1)?.body).toMatchObject({ locationId: depot.id });
  });

  it('ships a member’s order to an address of their own once they choose it', async () => {
    const depot = { ...anAddress(), id: 'loc-depot', name: 'Springfield depot' };
    const { server, user } = openCheckout({ ...ofCompany({ paymentTerms: null, role: 'viewer' }, [depot]) });
    const own = await screen.findByRole('group', { name: 'Or to an address of your own' });
    await user.click(within(own).getByRole('radio'));
    expect(within(screen.getByRole('group', { name: 'Ship to' })).getByRole('radio')).not.toBeChecked();
    await waitFor(() => expect(server.calls.filter((call) => call.path === '/api/checkout/quote').at(-1)?.body).toEqual({ addressId: anAddress().id }));
  });

  it('keeps the focus on the payment radio Enter placed the order from, which takes no other choice while it is placed (decision 168)', async () => {
    let answer: (reply: { status?: number; body?: unknown }) => void = () => undefined;
    const { user } = openCheckout({
      ...ofCompany({ creditLimit: 1000, available: 1000 }),
      'POST /api/checkout': () => new Promise((resolve) => (answer = resolve)),
    });
    const shipping = await screen.findByRole('group', { name: 'Shipping method' });
    await user.click(within(shipping).getByRole('radio', { name: /Standard/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled());
    const payment = screen.getByRole('group', { name: 'Payment' });
    const card = within(payment).getByRole('radio', { name: /Card/ });
    card.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toHaveAttribute('aria-busy', 'true'));
    // `disabled` would drop the focus to the page in a browser: the radios wait with it.
    for (const radio of [...within(payment).getAllByRole('radio'), within(shipping).getByRole('radio', { name: /Express/ })]) {
      expect(radio).toBeEnabled();
      expect(radio).toHaveAttribute('aria-disabled', 'true');
    }
    expect(card).toHaveFocus();
    await user.click(within(payment).getByRole('radio', { name: /On account/ }));
    await user.click(within(shipping).getByRole('radio', { name: /Express/ }));
    expect(card).toBeChecked();
    expect(within(shipping).getByRole('radio', { name: /Standard/ })).toBeChecked();
    answer({ status: 409, body: { message: accountMessages.refusals['credit-limit'], lines: [], reason: 'credit-limit' } });
    expect(await screen.findByText(accountMessages.refusals['credit-limit'])).toBeInTheDocument();
    expect(card).not.toHaveAttribute('aria-disabled');
  });
});
