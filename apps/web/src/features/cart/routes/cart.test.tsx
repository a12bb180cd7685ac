import { cartMessages, partChangeMessages, rateLimited, type Cart, type CartLine } from '@autoparts/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-with-router';
import { aCustomer, signedOutReply } from '../../../test/users';
import { AddToCartButton } from '../components/add-to-cart-button';
import { CartLink } from '../components/cart-link';
import { CartSync } from '../components/cart-sync';
import { expectBusyKeepingFocus } from '../../../test/forms';
import { Component as CartPage } from './cart';

const PART = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

function aLine(overrides: Partial<CartLine> = {}): CartLine {
  return {
    kind: 'part',
    partId: PART,
    partNumber: 'BRK-1001',
    name: 'Ceramic brake pads',
    img: '/images/parts/brake-pads.png',
    quantity: 2,
    unitPrice: 40,
    lineTotal: 80,
    minOrderQuantity: 1,
    availableQuantity: 10,
    problem: null,
    replaced: null,
    ...overrides,
  };
}

function aCart(lines: CartLine[]): Cart {
  return {
    lines,
    subtotal: lines.reduce((sum, line) => sum + line.lineTotal, 0),
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
  };
}

function renderCart() {
  return renderRoutes(
    [
      {
        path: '/cart',
        element: (
          <>
            <CartLink />
            <CartSync />
            <CartPage />
          </>
        ),
      },
      { path: '/login', element: <p>Login page</p> },
      { path: '/checkout', element: <p>Checkout page</p> },
      { path: '/shop', element: <p>Shop page</p> },
    ],
    { path: '/cart' },
  );
}

beforeEach(() => {
  localStorage.clear();
});

describe('/cart for a visitor', () => {
  it('says the cart is empty, with a link to the shop, without asking the server for prices', async () => {
    const server = stubFetch({ 'GET /api/me': signedOutReply });
    renderCart();

    expect(await screen.findByText(cartMessages.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the shop' })).toHaveAttribute('href', '/shop');
    expect(server.paths()).toEqual(['GET /api/me']);
  });

  it('shows the browser’s lines as the server prices them, and sends checkout through sign-in', async () => {
    localStorage.setItem('autoparts.cart', JSON.stringify([{ partId: PART, partNumber: 'BRK-1001', quantity: 12 }]));
    const server = stubFetch({
      'GET /api/me': signedOutReply,
      'POST /api/cart/preview': { body: aCart([aLine({ quantity: 12, unitPrice: 8.5, lineTotal: 102 })]) },
    });
    renderCart();

    const line = await screen.findByTestId('cart-line');
    expect(within(line).getByText('BRK-1001')).toBeInTheDocument();
    // The name opens the part's public page, which a visitor may read, not the signed-in /part/{id} (decision 149).
    expect(within(line).getByRole('link', { name: 'Ceramic brake pads' })).toHaveAttribute('href', '/parts/BRK-1001');
    expect(within(line).getByText(/\$8\.50 each/)).toBeInTheDocument();
    // Each line's field and button name its part, for a screen reader's list of fields.
    expect(within(line).getByLabelText('Quantity of BRK-1001')).toHaveValue(12);
    expect(within(line).getByRole('button', { name: 'Update BRK-1001' })).toBeInTheDocument();
    expect(within(line).getByText(/^Line total/).parentElement).toHaveTextContent('Line total $102.00');
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$102.00');
    expect(screen.getByRole('link', { name: 'Cart, 12 items' })).toBeInTheDocument();
    expect(server.calls.find((call) => call.path === '/api/cart/preview')?.body).toEqual({ lines: [{ partId: PART, quantity: 12 }] });

    await userEvent.click(screen.getByRole('link', { name: 'Sign in to check out' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
  });

  it('blocks checkout while a line has a problem, and says so on the line', async () => {
    localStorage.setItem('autoparts.cart', JSON.stringify([{ partId: PART, partNumber: 'BRK-1001', quantity: 2 }]));
    stubFetch({
      'GET /api/me': signedOutReply,
      'POST /api/cart/preview': { body: aCart([aLine({ minOrderQuantity: 4, problem: cartMessages.belowMinimum(4) })]) },
    });
    renderCart();

    expect(await screen.findByText('The minimum order for this part is 4')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
    expect(screen.getByText(cartMessages.checkoutBlocked)).toBeInTheDocument();
  });

  it('changes and removes the browser’s lines, checking the typed quantity against stock first', async () => {
    localStorage.setItem(
      'autoparts.cart',
      JSON.stringify([
        { partId: PART, partNumber: 'BRK-1001', quantity: 2 },
        { partId: OTHER, partNumber: 'FLT-2002', quantity: 1 },
      ]),
    );
    stubFetch({
      'GET /api/me': signedOutReply,
      'POST /api/cart/preview': ({ body }) => {
        const lines = (body as { lines: Array<{ partId: string; quantity: number }> }).lines;
        return {
          body: aCart(
            lines.map(({ partId, quantity }) =>
              aLine({ partId, quantity, lineTotal: quantity * 40, partNumber: partId === PART ? 'BRK-1001' : 'FLT-2002' }),
            ),
          ),
        };
      },
    });
    renderCart();

    const [first] = await screen.findAllByTestId('cart-line');
    if (!first) throw new Error('no line');
    const quantity = within(first).getByLabelText(/^Quantity/);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '11');
    expect(within(first).getByText('Only 10 in stock')).toBeInTheDocument();
    // Update, pressed, says why it sends nothing (it was silently disabled).
    await userEvent.click(within(first).getByRole('button', { name: 'Update BRK-1001' }));
    expect(screen.getByRole('status')).toHaveTextContent('Only 10 in stock');
    expect(JSON.parse(localStorage.getItem('autoparts.cart') ?? '[]')).toContainEqual({ partId: PART, partNumber: 'BRK-1001', quantity: 2 });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '5{Enter}');
    await waitFor(() => expect(JSON.parse(localStorage.getItem('autoparts.cart') ?? '[]')).toContainEqual({ partId: PART, partNumber: 'BRK-1001', quantity: 5 }));
    expect(await screen.findByRole('link', { name: 'Cart, 6 items' })).toBeInTheDocument();
    // The line keeps its field, and the focus in it, when the server's quantity comes back.
    expect(quantity).toHaveValue(5);
    expect(quantity).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Remove BRK-1001' }));
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1));
    expect(JSON.parse(localStorage.getItem('autoparts.cart') ?? '[]')).toEqual([{ partId: OTHER, partNumber: 'FLT-2002', quantity: 1 }]);
    const [left] = screen.getAllByTestId('cart-line');
    if (!left) throw new Error('no line');
    await waitFor(() => expect(within(left).getByLabelText('Quantity of FLT-2002')).toHaveFocus());

    await userEvent.click(screen.getByRole('button', { name: 'Remove FLT-2002' }));
    expect(await screen.findByText(cartMessages.empty)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Your cart' })).toHaveFocus());
  });

  // Regression (decision 210): the next line moved up under the pointer and took the double click's second click.
  it('removes one line on a double click on Remove', async () => {
    const THIRD = '33333333-3333-4333-8333-333333333333';
    const numbers: Record<string, string> = { [PART]: 'BRK-1001', [OTHER]: 'FLT-2002', [THIRD]: 'WPR-3003' };
    localStorage.setItem('autoparts.cart', JSON.stringify(Object.entries(numbers).map(([partId, partNumber]) => ({ partId, partNumber, quantity: 1 }))));
    stubFetch({
      'GET /api/me': signedOutReply,
      'POST /api/cart/preview': ({ body }) => ({
        body: aCart((body as { lines: Array<{ partId: string; quantity: number }> }).lines.map(({ partId, quantity }) => aLine({ partId, quantity, lineTotal: quantity * 40, partNumber: numbers[partId] }))),
      }),
    });
    const user = userEvent.setup();
    renderCart();
    await user.click(await screen.findByRole('button', { name: 'Remove BRK-1001' }));
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Remove FLT-2002' }), { detail: 2 });
    // A click of its own removes its line; the one the second click landed on stays.
    await user.click(screen.getByRole('button', { name: 'Remove WPR-3003' }));
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1));
    expect(JSON.parse(localStorage.getItem('autoparts.cart') ?? '[]')).toEqual([{ partId: OTHER, partNumber: 'FLT-2002', quantity: 1 }]);
  });

  it('offers quick order after sign-in', async () => {
    stubFetch({ 'GET /api/me': signedOutReply });
    renderCart();
    expect(await screen.findByRole('link', { name: 'Sign in to use quick order' })).toHaveAttribute('href', '/login');
  });
});

describe('/cart for a signed-in customer', () => {
  it('merges the visitor’s lines at sign-in and clears them from the browser', async () => {
    localStorage.setItem('autoparts.cart', JSON.stringify([{ partId: PART, partNumber: 'BRK-1001', quantity: 3 }]));
    const server = stubFetch({
      'GET /api/me': { body: aCustomer() },
      'GET /api/cart': { body: aCart([]) },
      'POST /api/cart/merge': { body: aCart([aLine({ quantity: 3, lineTotal: 120 })]) },
    });
    renderCart();

    expect(await screen.findByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
    expect(server.calls.find((call) => call.path === '/api/cart/merge')?.body).toEqual({ lines: [{ partId: PART, quantity: 3 }] });
    expect(localStorage.getItem('autoparts.cart')).toBeNull();
    expect(await screen.findByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
  });

  it('changes a line on the server and shows the server’s refusal on the line', async () => {
    const server = stubFetch({
      'GET /api/me': { body: aCustomer() },
      'GET /api/cart': { body: aCart([aLine()]) },
      [`PUT /api/cart/lines/${PART}`]: ({ body }) =>
        (body as { quantity: number }).quantity === 7
          ? { status: 400, body: { message: 'Only 6 in stock' } }
          : { body: aCart([aLine({ quantity: 4, lineTotal: 160 })]) },
    });
    renderCart();

    const quantity = await screen.findByLabelText(/^Quantity/);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '7{Enter}');
    expect(await screen.findAllByText('Only 6 in stock')).not.toHaveLength(0);
    await userEvent.clear(screen.getByLabelText(/^Quantity/));
    await userEvent.type(screen.getByLabelText(/^Quantity/), '4{Enter}');
    await waitFor(() => expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('$160.00'));
    expect(server.calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ quantity: 7 }, { quantity: 4 }]);
  });

  it("shows a member's contract price with the list price struck through beside it", async () => {
    stubFetch({
      'GET /api/me': { body: aCustomer() },
      'GET /api/cart': { body: aCart([aLine({ unitPrice: 35.2, listPrice: 40, lineTotal: 70.4 })]) },
    });
    renderCart();

    const listPrice = await screen.findByText('List price $40.00');
    expect(listPrice.closest('s')).toHaveTextContent('$40.00');
    expect(screen.getByText(/\$35\.20/)).toBeInTheDocument();
  });

  it('sends a quick order and lists each line not added with its number and why', async () => {
    stubFetch({
      'GET /api/me': { body: aCustomer() },
      'GET /api/cart': { body: aCart([]) },
      'POST /api/cart/quick-order': ({ body }) => ({
        body: {
          cart: aCart([aLine()]),
          added: 1,
          problems: [{ line: 2, text: 'NOPE 1', message: cartMessages.unknownNumber('NOPE') }],
          converted: [],
          echo: body,
        },
      }),
    });
    renderCart();

    const box = await screen.findByLabelText('Part numbers and quantities');
    await userEvent.type(box, 'BRK-1001 2{Enter}NOPE 1');
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));

    const problems = await screen.findByTestId('quick-order-problems');
    expect(problems).toHaveTextContent('Line 2 “NOPE 1”: No part has the number NOPE');
    expect(screen.getByText(cartMessages.added(1))).toBeInTheDocument();
    // The line added leaves the box; the one to fix stays on its line.
    expect(box).toHaveValue('\nNOPE 1');
    expect(await screen.findByTestId('cart-line')).toBeInTheDocument();
  });

  it('says which quick-order lines were added as another part: an old number as its replacement, a competitor\'s in our quantity', async () => {
    const asOurs = partChangeMessages.orderedAsOurs({ brand: 'Rival', partNumber: 'RV-77', quantity: 2 }, 3, { partNumber: 'BRK-1001', quantity: 2 });
    const asNew = partChangeMessages.orderedAsReplacement('BRK-0999', 'BRK-1001');
    stubFetch({
      'GET /api/me': { body: aCustomer() },
      'GET /api/cart': { body: aCart([]) },
      'POST /api/cart/quick-order': {
        body: {
          cart: aCart([aLine()]),
          added: 2,
          problems: [],
          converted: [
            { line: 1, text: 'RV-77 3', message: asOurs },
            { line: 2, text: 'BRK-0999 1', message: asNew },
          ],
        },
      },
    });
    renderCart();

    await userEvent.type(await screen.findByLabelText('Part numbers and quantities'), 'RV-77 3{Enter}BRK-0999 1');
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));

    const converted = await screen.findByTestId('quick-order-converted');
    expect(converted).toHaveTextContent(`Line 1 “RV-77 3”: ${asOurs}`);
    expect(converted).toHaveTextContent(`Line 2 “BRK-0999 1”: ${asNew}`);
    expect(asOurs).toContain('3 of theirs added as 2 of ours, rounded up');
    expect(screen.getByText(cartMessages.converted(2))).toBeInTheDocument();
    expect(screen.queryByTestId('quick-order-problems')).not.toBeInTheDocument();
  });

  it('refuses an empty quick order in the box, which takes the focus so its message is read', async () => {
    const server = stubFetch({ 'GET /api/me': { body: aCustomer() }, 'GET /api/cart': { body: aCart([]) } });
    renderCart();
    const user = userEvent.setup();

    const box = await screen.findByLabelText('Part numbers and quantities');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(box).toHaveFocus();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription(expect.stringContaining(cartMessages.quickOrderEmpty));
    expect(server.paths()).not.toContain('POST /api/cart/quick-order');
  });

  it('says a quick order the server failed in an alert, in the shop’s words rather than "Internal Server Error"', async () => {
    stubFetch({
      'GET /api/me': { body: aCustomer() },
      'GET /api/cart': { body: aCart([]) },
      'POST /api/cart/quick-order': { status: 500, body: { message: 'Internal Server Error' } },
    });
    renderCart();
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Part numbers and quantities'), 'BRK-1001 2');
    const button = screen.getByRole('button', { name: 'Add to cart' });
    await user.click(button);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(cartMessages.quickOrderFailed));
    expect(screen.queryByText('Internal Server Error')).not.toBeInTheDocument();
    // The lines stay in the box to be sent again, and the focus where it was.
    expect(screen.getByLabelText('Part numbers and quantities')).toHaveValue('BRK-1001 2');
    expect(button).toHaveFocus();
  });

  it('says the server’s own reason for a quick order refused, a limit reached', async () => {
    stubFetch({
      'GET /api/me': { body: aCustomer() },
      'GET /api/cart': { body: aCart([]) },
      'POST /api/cart/quick-order': { status: 429, body: { message: rateLimited('5 minutes') } },
    });
    renderCart();
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Part numbers and quantities'), 'BRK-1001 2');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(rateLimited('5 minutes')));
  });

  it('names both numbers on a line whose part was replaced since it was put in the cart', async () => {
    stubFetch({ 'GET /api/me': { body: aCustomer() }, 'GET /api/cart': { body: aCart([aLine({ replaced: 'BRK-0999' }), aLine({ partId: OTHER, partNumber: 'FLT-2' })]) } });
    renderCart();

    const notices = await screen.findAllByTestId('line-replaced');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toHaveTextContent(partChangeMessages.cartLineReplaced('BRK-0999', 'BRK-1001'));
    expect(partChangeMessages.cartLineReplaced('BRK-0999', 'BRK-1001')).toBe('BRK-0999 has been replaced by BRK-1001: your cart now holds BRK-1001');
  });

  it('says so when the cart cannot be loaded, and tries again', async () => {
    let calls = 0;
    stubFetch({
      'GET /api/me': { body: aCustomer() },
      'GET /api/cart': () => {
        calls += 1;
        return calls === 1 ? { status: 500, body: { message: 'Internal Server Error' } } : { body: aCart([]) };
      },
    });
    renderCart();

    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(cartMessages.empty)).toBeInTheDocument();
  });
});

describe('AddToCartButton', () => {
  it('starts at the minimum, names it when the quantity is below, and adds to a visitor’s cart', async () => {
    stubFetch({ 'GET /api/me': signedOutReply });
    renderRoutes([{ path: '/', element: <AddToCartButton partId={PART} partNumber="BRK-1001" minOrderQuantity={4} availableQuantity={9} /> }]);

    const quantity = await screen.findByLabelText(/^Quantity/);
    expect(quantity).toHaveValue(4);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    expect(screen.getByText('The minimum order for this part is 4')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByRole('status')).toHaveTextContent(cartMessages.addedOne('BRK-1001', 5));
    expect(JSON.parse(localStorage.getItem('autoparts.cart') ?? '[]')).toEqual([{ partId: PART, partNumber: 'BRK-1001', quantity: 5 }]);
  });

  it('adds to what an account’s cart has of the part, on the server', async () => {
    const server = stubFetch({
      'GET /api/me': { body: aCustomer() },
      'GET /api/cart': { body: aCart([aLine({ quantity: 2 })]) },
      [`PUT /api/cart/lines/${PART}`]: { body: aCart([aLine({ quantity: 3 })]) },
    });
    renderRoutes([{ path: '/', element: <AddToCartButton partId={PART} partNumber="BRK-1001" minOrderQuantity={1} availableQuantity={9} /> }]);

    await screen.findByLabelText(/^Quantity/);
    await waitFor(() => expect(server.paths()).toContain('GET /api/me'));
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));

    expect(await screen.findByRole('status')).toHaveTextContent(cartMessages.addedOne('BRK-1001', 1));
    expect(server.calls.find((call) => call.method === 'PUT')?.body).toEqual({ quantity: 3 });
  });

  // Chromium drops the focus of a focused button that becomes disabled (jsdom does not): while
  // it adds, the button is aria-disabled and busy, keeps the focus, and adds nothing twice.
  it('keeps its focus while it adds, and adds once however often it is pressed or Enter is typed', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const server = stubFetch({
      'GET /api/me': { body: aCustomer() },
      'GET /api/cart': { body: aCart([]) },
      [`PUT /api/cart/lines/${PART}`]: async () => {
        await held;
        return { body: aCart([aLine({ quantity: 1 })]) };
      },
    });
    renderRoutes([{ path: '/', element: <AddToCartButton partId={PART} partNumber="BRK-1001" minOrderQuantity={1} availableQuantity={9} /> }]);
    await waitFor(() => expect(server.paths()).toContain('GET /api/me'));

    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Add to cart' });
    await user.click(button);
    await expectBusyKeepingFocus(button);
    await user.click(button);
    await user.type(screen.getByLabelText(/^Quantity/), '{Enter}');
    release();

    expect(await screen.findByRole('status')).toHaveTextContent(cartMessages.addedOne('BRK-1001', 1));
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(server.calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });
});
