import { addressMessages, countryOf, type Address } from '@autoparts/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { anAddress, torontoAddress } from '../../../test/addresses';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-with-router';
import { Component as AddressesPage } from './addresses';

function renderAddresses() {
  return renderRoutes([
    {
      path: '*',
      element: (
        <>
          <AddressesPage />
          <Toaster />
        </>
      ),
    },
  ]);
}

/** A server keeping a book in memory: GET answers what the writes left. */
function bookServer(initial: Address[]) {
  let book = [...initial];
  const server = stubFetch({
    'GET /api/addresses': () => ({ body: book }),
    'POST /api/addresses': (call) => {
      const added = { ...anAddress(), ...(call.body as object), id: `addr-${book.length + 10}`, isDefault: book.length === 0 } as Address;
      book = [...book, added];
      return { body: added };
    },
    'PUT /api/addresses/*': (call) => {
      const id = call.path.split('/').at(-1) ?? '';
      const body = call.body as Address;
      book = book.map((address) =>
        address.id === id ? { ...address, ...body, id, isDefault: body.isDefault || address.isDefault } : body.isDefault ? { ...address, isDefault: false } : address,
      );
      return { body: book.find((address) => address.id === id) };
    },
    'DELETE /api/addresses/*': (call) => {
      const id = call.path.split('/').at(-1) ?? '';
      book = book.filter((address) => address.id !== id);
      if (book[0] && !book.some((address) => address.isDefault)) book[0] = { ...book[0], isDefault: true };
      return { body: book };
    },
  });
  return server;
}

const cardOf = (text: string) => screen.getByText(text).closest('li') as HTMLElement;

describe('My Addresses', () => {
  it('says when there is no address yet', async () => {
    bookServer([]);
    renderAddresses();
    expect(await screen.findByText('You have no saved addresses yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'My Addresses' })).toBeInTheDocument();
  });

  it('lists the addresses, the default marked, each with its actions', async () => {
    bookServer([anAddress(), torontoAddress]);
    renderAddresses();
    const list = await screen.findByRole('list', { name: 'Saved addresses' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('Default');
    expect(cards[0]).toHaveTextContent('Springfield, IL 62701');
    expect(cards[0]).toHaveTextContent('United States');
    expect(within(cards[0]!).queryByRole('button', { name: /Make .* the default/ })).not.toBeInTheDocument();
    expect(cards[1]).toHaveTextContent('Toronto, ON M5J 2X5');
    expect(within(cards[1]!).getByRole('button', { name: 'Make Jane at work, 1 Front St W the default' })).toBeInTheDocument();
  });

  it('adds an address: the country changes the region list and the postal code hint, and the schema checks it', async () => {
    const server = bookServer([]);
    const user = userEvent.setup();
    renderAddresses();
    await user.click(await screen.findByRole('button', { name: 'Add an address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    expect(within(form).getByLabelText('State')).toBeInTheDocument();
    expect(within(form).getByLabelText('Postal code')).toHaveAccessibleDescription('As 12345 or 12345-6789');

    await user.selectOptions(within(form).getByLabelText('Country'), 'CA');
    expect(within(form).queryByLabelText('State')).not.toBeInTheDocument();
    const province = within(form).getByLabelText('Province or territory');
    expect(within(province).getAllByRole('option')).toHaveLength(14);
    expect(within(form).getByLabelText('Postal code')).toHaveAccessibleDescription('As A1A 1A1');

    await user.selectOptions(within(form).getByLabelText('Country'), 'GB');
    expect(within(form).queryByLabelText(/Province|State/)).not.toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('Country'), 'CA');

    await user.type(within(form).getByLabelText('Full name'), 'Jane Doe');
    await user.type(within(form).getByLabelText('Address line 1'), '1 Front St W');
    await user.type(within(form).getByLabelText('City'), 'Toronto');
    await user.type(within(form).getByLabelText('Postal code'), '12345');
    await user.click(within(form).getByRole('button', { name: 'Add address' }));
    const canada = countryOf('CA')!;
    expect(await within(form).findByText(addressMessages.postalCode(canada))).toBeInTheDocument();
    expect(within(form).getByText(addressMessages.regionRequired(canada))).toBeInTheDocument();
    expect(server.paths()).not.toContain('POST /api/addresses');

    await user.selectOptions(within(form).getByLabelText('Province or territory'), 'ON');
    await user.clear(within(form).getByLabelText('Postal code'));
    await user.type(within(form).getByLabelText('Postal code'), 'm5j2x5');
    await user.type(within(form).getByLabelText('Phone (optional)'), '416 555 0100');
    await user.click(within(form).getByRole('button', { name: 'Add address' }));

    expect(await screen.findByText(addressMessages.added)).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Jane Doe',
      company: '',
      line1: '1 Front St W',
      line2: '',
      city: 'Toronto',
      region: 'ON',
      postalCode: 'M5J 2X5',
      country: 'CA',
      phone: '+1 416 555 0100',
      isDefault: false,
    });
    expect(await screen.findByRole('list', { name: 'Saved addresses' })).toHaveTextContent('Toronto, ON M5J 2X5');
    expect(screen.queryByRole('form', { name: 'New address' })).not.toBeInTheDocument();
  });

  it('says everything wrong with a form sent empty at once, the state and postal code too', async () => {
    const server = bookServer([]);
    const user = userEvent.setup();
    renderAddresses();
    await user.click(await screen.findByRole('button', { name: 'Add an address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    await user.click(within(form).getByRole('button', { name: 'Add address' }));

    const unitedStates = countryOf('US')!;
    await waitFor(() => expect(within(form).getByLabelText('Full name')).toHaveAccessibleDescription(addressMessages.nameRequired));
    expect(within(form).getByLabelText('Address line 1')).toHaveAccessibleDescription(addressMessages.line1Required);
    expect(within(form).getByLabelText('City')).toHaveAccessibleDescription(addressMessages.cityRequired);
    expect(within(form).getByLabelText('State')).toHaveAccessibleDescription(addressMessages.regionRequired(unitedStates));
    expect(within(form).getByLabelText('Postal code')).toHaveAccessibleDescription(
      expect.stringContaining(addressMessages.postalCodeRequired),
    );
    expect(within(form).getByLabelText('Full name')).toHaveFocus();

    // Filling the first three leaves nothing new to hear: the rest was said the first time.
    await user.type(within(form).getByLabelText('Full name'), 'Jane Doe');
    await user.type(within(form).getByLabelText('Address line 1'), '100 Main St');
    await user.type(within(form).getByLabelText('City'), 'Springfield');
    await user.type(within(form).getByLabelText('Postal code'), '6270');
    await user.click(within(form).getByRole('button', { name: 'Add address' }));
    expect(await within(form).findByText(addressMessages.postalCode(unitedStates))).toBeInTheDocument();
    expect(within(form).getByText(addressMessages.regionRequired(unitedStates))).toBeInTheDocument();
    expect(server.paths()).not.toContain('POST /api/addresses');
  });

  it('edits an address in place, prefilled', async () => {
    const server = bookServer([anAddress()]);
    const user = userEvent.setup();
    renderAddresses();
    await user.click(await screen.findByRole('button', { name: 'Edit Jane Doe, 100 Main St' }));
    const form = screen.getByRole('form', { name: 'Edit the address of Jane Doe' });
    expect(within(form).getByLabelText('State')).toHaveValue('IL');
    expect(within(form).queryByLabelText('Make this my default address')).not.toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Address line 1'));
    await user.type(within(form).getByLabelText('Address line 1'), '200 Elm St');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));

    expect(await screen.findByText(addressMessages.updated)).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === 'PUT')).toMatchObject({ path: '/api/addresses/addr-1', body: { line1: '200 Elm St', region: 'IL' } });
    expect(await screen.findByText('200 Elm St')).toBeInTheDocument();
  });

  it('makes another address the default', async () => {
    const server = bookServer([anAddress(), torontoAddress]);
    const user = userEvent.setup();
    renderAddresses();
    await user.click(await screen.findByRole('button', { name: 'Make Jane at work, 1 Front St W the default' }));

    expect(await screen.findByText(addressMessages.madeDefault)).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === 'PUT')).toMatchObject({ path: '/api/addresses/addr-2', body: { isDefault: true, postalCode: 'M5J 2X5' } });
    await waitFor(() => expect(cardOf('Jane at work')).toHaveTextContent('Default'));
  });

  it('deletes an address once confirmed, and not when the buyer thinks again', async () => {
    const server = bookServer([anAddress(), torontoAddress]);
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = userEvent.setup();
    renderAddresses();
    await user.click(await screen.findByRole('button', { name: 'Delete Jane Doe, 100 Main St' }));
    expect(server.paths()).not.toContain('DELETE /api/addresses/addr-1');

    await user.click(screen.getByRole('button', { name: 'Delete Jane Doe, 100 Main St' }));

    expect(await screen.findByText(addressMessages.deleted)).toBeInTheDocument();
    expect(confirm).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByText('100 Main St')).not.toBeInTheDocument());
    expect(cardOf('Jane at work')).toHaveTextContent('Default');
  });

  it('keeps the keyboard’s place: a form opens on its first field and gives the focus back to what opened it', async () => {
    bookServer([anAddress()]);
    const user = userEvent.setup();
    renderAddresses();
    const add = await screen.findByRole('button', { name: 'Add an address' });
    await user.click(add);
    expect(within(screen.getByRole('form', { name: 'New address' })).getByLabelText('Country')).toHaveFocus();
    // The opener is the shop's primary button, the one its form submits with (one style, not a copy).
    expect(add.className).toBe(within(screen.getByRole('form', { name: 'New address' })).getByRole('button', { name: 'Add address' }).className);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Add an address' })).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Country')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'New address' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add an address' })).toHaveFocus();

    // Edit: the form in place, on its first field; Cancel, Escape and a save give the focus to Edit.
    await user.click(screen.getByRole('button', { name: 'Edit Jane Doe, 100 Main St' }));
    const form = screen.getByRole('form', { name: 'Edit the address of Jane Doe' });
    expect(within(form).getByLabelText('Country')).toHaveFocus();
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Edit Jane Doe, 100 Main St' })).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Edit Jane Doe, 100 Main St' })).toHaveFocus();

    await user.keyboard('{Enter}');
    const again = screen.getByRole('form', { name: 'Edit the address of Jane Doe' });
    await user.clear(within(again).getByLabelText('Address line 1'));
    await user.type(within(again).getByLabelText('Address line 1'), '200 Elm St');
    await user.click(within(again).getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText(addressMessages.updated)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Jane Doe, 200 Elm St' })).toHaveFocus());
  });

  it('gives the focus to a new address’s Edit once it is saved', async () => {
    bookServer([anAddress()]);
    const user = userEvent.setup();
    renderAddresses();
    await user.click(await screen.findByRole('button', { name: 'Add an address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    await user.type(within(form).getByLabelText('Full name'), 'Joe Bloggs');
    await user.type(within(form).getByLabelText('Address line 1'), '5 Oak Ave');
    await user.type(within(form).getByLabelText('City'), 'Peoria');
    await user.selectOptions(within(form).getByLabelText('State'), 'IL');
    await user.type(within(form).getByLabelText('Postal code'), '61602');
    await user.click(within(form).getByRole('button', { name: 'Add address' }));

    expect(await screen.findByText(addressMessages.added)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Joe Bloggs, 5 Oak Ave' })).toHaveFocus());
  });

  it('hands the focus on after a delete: to the next address’s Delete, the previous one’s after the last, then the heading', async () => {
    const third = { ...torontoAddress, id: 'addr-3', name: 'Jane at home', line1: '9 King St' };
    bookServer([anAddress(), torontoAddress, third]);
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const user = userEvent.setup();
    renderAddresses();

    await user.click(await screen.findByRole('button', { name: 'Delete Jane Doe, 100 Main St' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete Jane at work, 1 Front St W' })).toHaveFocus());
    expect(screen.queryByText('100 Main St')).not.toBeInTheDocument();

    // The last card: the one before it; twice in a row to the same card, the focus still goes there.
    await user.click(screen.getByRole('button', { name: 'Delete Jane at home, 9 King St' }));
    await waitFor(() => expect(screen.queryByText('9 King St')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Delete Jane at work, 1 Front St W' })).toHaveFocus();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'My Addresses' })).toHaveFocus());
    expect(screen.getByText('You have no saved addresses yet')).toBeInTheDocument();
  });

  it('keeps the focus on a card whose Make default went: on its Edit', async () => {
    bookServer([anAddress(), torontoAddress]);
    const user = userEvent.setup();
    renderAddresses();
    await user.click(await screen.findByRole('button', { name: 'Make Jane at work, 1 Front St W the default' }));

    expect(await screen.findByText(addressMessages.madeDefault)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Make Jane at work, 1 Front St W the default' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Jane at work, 1 Front St W' })).toHaveFocus());
  });

  it('shows the server’s reason when a save is refused', async () => {
    stubFetch({
      'GET /api/addresses': { body: [] },
      'POST /api/addresses': { status: 409, body: { message: addressMessages.tooMany } },
    });
    const user = userEvent.setup();
    renderAddresses();
    await user.click(await screen.findByRole('button', { name: 'Add an address' }));
    await user.type(screen.getByLabelText('Full name'), 'Jane Doe');
    await user.type(screen.getByLabelText('Address line 1'), '100 Main St');
    await user.type(screen.getByLabelText('City'), 'Springfield');
    await user.selectOptions(screen.getByLabelText('State'), 'IL');
    await user.type(screen.getByLabelText('Postal code'), '62701');
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    expect(await screen.findByText(addressMessages.tooMany)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'New address' })).toBeInTheDocument();
  });

  it('says when the book could not be loaded, and tries again', async () => {
    let fail = true;
    stubFetch({ 'GET /api/addresses': () => (fail ? { status: 500, body: { message: 'Internal Server Error' } } : { body: [anAddress()] }) });
    const user = userEvent.setup();
    renderAddresses();
    expect(await screen.findByText('We could not load your addresses right now.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('100 Main St')).toBeInTheDocument();
  });
});
