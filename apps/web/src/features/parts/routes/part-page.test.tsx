import { cartMessages, partChangeMessages, partPromiseMessages, whileStockLastsMessages, type PublicPart } from '@autoparts/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { aPartDetail } from '../../../test/orders';
import { renderRoutes } from '../../../test/render-with-router';
import { signedOutReply } from '../../../test/users';
import { Component as PublicPartPage } from './part-page';

const GET_PART = 'GET /api/parts/by-number/BRK-1001';

const part: PublicPart = {
  ...aPartDetail({
    price: 12.5,
    minOrderQuantity: 5,
    availableQuantity: 40,
    weightKg: 0.8,
    priceBreaks: [{ minQuantity: 10, unitPrice: 11 }, { minQuantity: 50, unitPrice: 9.9 }],
    applications: [2016, 2017].map((year) => ({ year, make: 'Hyundai', model: 'Elantra', submodel: '', engine: '', position: null, quantity: 1, notes: [], partType: null })),
  }),
  fitment: [
    { make: 'Hyundai', model: 'Elantra', vehicles: [{ _id: 'elantra-2016', year: 2016, submodel: '', engine: '' }, { _id: 'elantra-2017', year: 2017, submodel: '', engine: '' }] },
    { make: 'Kia', model: 'Forte', vehicles: [{ _id: 'forte-2019', year: 2019, submodel: '', engine: '' }] },
  ],
};

/** What every visit asks besides the part: who is signed in, and My Garage's years. */
const visitor = { 'GET /api/me': signedOutReply, 'GET /api/vehicles/years': { body: [2016] } };

function renderPage() {
  return renderRoutes([{ path: '/parts/:partNumber', element: <PublicPartPage /> }], { path: '/parts/BRK-1001' });
}

const garageWith = (vehicle: { _id: string; year: number; make: string; model: string; engine: string }) =>
  localStorage.setItem('autoparts.garage', JSON.stringify({ vehicles: [vehicle], activeId: vehicle._id }));

afterEach(() => localStorage.clear());

describe('/parts/{partNumber}', () => {
  it("lists the manufacturer's facts: GTIN, package size and other descriptions, and none when there are none", async () => {
    const withFacts = { ...part, gtin: '00012345678905', package: { weightGrams: 800, lengthMm: 250, widthMm: 120, heightMm: 60 }, descriptions: [{ code: 'DES', text: 'Brake Pads' }, { code: 'SHO', text: 'Pads' }] };
    stubFetch({ [GET_PART]: { body: withFacts }, ...visitor });
    const { unmount } = renderPage();
    const facts = within(await screen.findByRole('region', { name: 'Product facts' }));
    expect(facts.getAllByRole('term').map((term) => term.textContent)).toEqual(['GTIN', 'Package (L × W × H)', 'Short description']);
    expect(facts.getAllByRole('definition').map((value) => value.textContent)).toEqual(['00012345678905', '250 × 120 × 60 mm', 'Pads']);
    unmount();
    stubFetch({ [GET_PART]: { body: part }, ...visitor });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Brake Pads' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Product facts' })).not.toBeInTheDocument();
  });

  it('shows the part, its quantity prices, stock, fitment by make and model, and Order now', async () => {
    stubFetch({ [GET_PART]: { body: part }, ...visitor });
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Brake Pads' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Brake Pads BRK-1001 —/);
    const prices = screen.getByRole('table', { name: 'Quantity prices' });
    expect(within(prices).getAllByRole('row').map((row) => row.textContent)).toEqual(['QuantityEach', 'from 5$12.50', 'from 10$11.00', 'from 50$9.90']);
    expect(screen.getByText('In stock: 40')).toBeInTheDocument();
    expect(screen.getByText('Minimum order: 5')).toBeInTheDocument();
    expect(screen.getByText('0.8 kg')).toBeInTheDocument();
    const fitment = within(screen.getByRole('region', { name: 'Vehicles this part fits' }));
    expect(fitment.getAllByRole('row').map((row) => row.textContent)).toEqual(['MakeModelYears', 'HyundaiElantra2016–2017', 'KiaForte2019']);
    expect(screen.getByRole('link', { name: 'Order now' })).toHaveAttribute('href', '/part/part-1');
    expect(screen.queryByText(/fit your/)).not.toBeInTheDocument();
  });

  it('lists a vehicle its applications limit to an engine or submodel with those words, not as every one of its model', async () => {
    const f150 = (_id: string, year: number, submodel: string, engine: string) => ({ _id, year, submodel, engine });
    const coil = {
      ...part,
      fitment: [
        { make: 'Ford', model: 'F-150', vehicles: [f150('f-2017', 2017, '', '3.5L V6'), f150('f-2018', 2018, '', '5.0L V8'), f150('f-2019', 2019, '', '3.5L V6'), f150('f-2020', 2020, 'XLT', '2.7L V6')] },
        { make: 'Ford', model: 'Focus', vehicles: [f150('focus-2016', 2016, '', ''), f150('focus-2017', 2017, '', '')] },
      ],
    };
    stubFetch({ [GET_PART]: { body: coil }, ...visitor });
    renderPage();

    const fitment = within(await screen.findByRole('region', { name: 'Vehicles this part fits' }));
    expect(fitment.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'MakeModelYears',
      'FordF-150 with 3.5L V6 only2017, 2019',
      'FordF-150 with 5.0L V8 only2018',
      'FordF-150 with XLT 2.7L V6 only2020',
      'FordFocus2016–2017',
    ]);
  });

  it('says a sold-out part is out of stock, not the cart line’s “Remove it to check out”', async () => {
    stubFetch({ [GET_PART]: { body: { ...part, availableQuantity: 0 } }, ...visitor });
    renderPage();

    expect(await screen.findByText('Out of stock')).toBeInTheDocument();
    const form = within(screen.getByRole('form', { name: 'Add BRK-1001 to cart' }));
    expect(form.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    expect(form.getByLabelText('Quantity')).not.toHaveAccessibleDescription();
    expect(screen.queryByText(cartMessages.soldOut)).not.toBeInTheDocument();
  });

  it('says a part whose stock is below its minimum order is out of stock, and offers no Add to cart (as In stock only leaves it out)', async () => {
    stubFetch({ [GET_PART]: { body: { ...part, availableQuantity: 3, minOrderQuantity: 5 } }, ...visitor });
    renderPage();

    expect(await screen.findByText('Out of stock')).toBeInTheDocument();
    const form = within(screen.getByRole('form', { name: 'Add BRK-1001 to cart' }));
    expect(form.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    expect(form.getByLabelText('Quantity')).toBeDisabled();
    expect(screen.queryByText(cartMessages.aboveStock(3))).not.toBeInTheDocument();
  });

  // PIES's A, "Available only while supplies last" (decision 213): the page said nothing of it, and
  // once sold out "Out of stock", as if more would come.
  it('says a part sold only while supplies last will not be made again, and once sold out that it is for good', async () => {
    const lastOnes = { ...part, lifecycle: { code: 'A', label: 'Available only while supplies last' } };
    stubFetch({ [GET_PART]: { body: lastOnes }, ...visitor });
    const { unmount } = renderPage();
    expect(await screen.findByTestId('part-while-stock-lasts')).toHaveTextContent(whileStockLastsMessages.notice);
    const buy = within(screen.getByRole('complementary', { name: 'Buy this part' }));
    expect(buy.getByText('In stock: 40')).toBeInTheDocument();
    expect(buy.getByRole('link', { name: 'Order now' })).toBeInTheDocument();
    unmount();

    stubFetch({ [GET_PART]: { body: { ...lastOnes, availableQuantity: 0 } }, ...visitor });
    renderPage();
    expect(await screen.findByTestId('part-while-stock-lasts')).toHaveTextContent(whileStockLastsMessages.soldOut);
    expect(within(screen.getByRole('complementary', { name: 'Buy this part' })).getByText(whileStockLastsMessages.soldOutShort)).toBeInTheDocument();
    expect(screen.queryByText('Out of stock')).not.toBeInTheDocument();
  });

  it('shows the core deposit, the warranty and which purchases the fit promise covers', async () => {
    stubFetch({ [GET_PART]: { body: { ...part, coreDeposit: 45, warrantyMonths: 24 } }, ...visitor });
    renderPage();
    expect(await screen.findByText('Core deposit $45.00, refunded when you send the old part back within 90 days, or with this part if you return it')).toBeInTheDocument();
    expect(screen.getByText('2-year warranty')).toBeInTheDocument();
    expect(screen.getByTestId('fit-promise')).toHaveTextContent(partPromiseMessages.fitPromise);
  });

  it('says whether it fits the vehicle chosen in the garage', async () => {
    stubFetch({ [GET_PART]: { body: part }, ...visitor, 'GET /api/vehicles/elantra-2016/applications?ids=part-1': { body: [{ part: 'part-1', applications: part.applications }] } });
    garageWith({ _id: 'elantra-2016', year: 2016, make: 'Hyundai', model: 'Elantra', engine: '2.0L' });
    renderPage();
    expect(await screen.findByText('Fits your 2016 Hyundai Elantra')).toBeInTheDocument();
  });

  it('offers My Garage’s vehicle picker: a vehicle chosen there is answered beside the price', async () => {
    const elantra = { _id: 'elantra-2016', year: 2016, make: 'Hyundai', model: 'Elantra', engine: '2.0L' };
    stubFetch({
      [GET_PART]: { body: part },
      ...visitor,
      'GET /api/vehicles/years': { body: [2016] },
      'GET /api/vehicles/makes?year=2016': { body: ['Hyundai'] },
      'GET /api/vehicles/models?year=2016&make=Hyundai': { body: [elantra] },
      'GET /api/vehicles/options?year=2016&make=Hyundai&model=Elantra': { body: { submodels: [], engines: [], vehicles: [elantra] } },
      'GET /api/vehicles/elantra-2016/applications?ids=part-1': { body: [{ part: 'part-1', applications: part.applications }] },
    });
    const user = userEvent.setup();
    renderPage();
    const garage = within(await screen.findByRole('region', { name: 'My Garage' }));
    expect(screen.queryByText(/fit your/)).not.toBeInTheDocument();
    // The verdict's live region is there before there is anything to say (one added with its words is seldom read).
    const verdict = screen.getByTestId('fit-verdict');
    expect(verdict).toHaveAttribute('role', 'status');
    expect(verdict).toBeEmptyDOMElement();

    await user.selectOptions(await garage.findByRole('combobox', { name: 'Year' }), '2016');
    await user.selectOptions(await garage.findByRole('combobox', { name: 'Make' }), 'Hyundai');
    await waitFor(() => expect(garage.getByRole('combobox', { name: 'Model' })).toBeEnabled());
    await user.selectOptions(garage.getByRole('combobox', { name: 'Model' }), 'Elantra 2.0L');

    await waitFor(() => expect(verdict).toHaveTextContent('Fits your 2016 Hyundai Elantra'));
    expect(screen.getByTestId('fit-verdict')).toBe(verdict);
    expect(garage.getByTestId('active-vehicle')).toHaveTextContent('2016 Hyundai Elantra');
  });

  it('says when it does not fit, with a link to parts that do', async () => {
    stubFetch({ [GET_PART]: { body: part }, ...visitor, 'GET /api/vehicles/corolla-2018/applications?ids=part-1': { body: [] } });
    garageWith({ _id: 'corolla-2018', year: 2018, make: 'Toyota', model: 'Corolla', engine: '' });
    renderPage();
    expect(await screen.findByText('Does not fit your 2018 Toyota Corolla')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Brakes parts that fit your 2018 Toyota Corolla' })).toHaveAttribute(
      'href',
      '/shop?vehicle=corolla-2018&category=brakes',
    );
  });

  it('says a discontinued part is no longer made, names its replacement, keeps it out of search engines and offers no way to order it', async () => {
    stubFetch({
      [GET_PART]: { body: { ...part, lifecycle: { code: '8', label: 'Discontinued' }, replacedBy: { partNumber: 'BRK-2002', name: 'Ceramic Brake Pads' } } },
      ...visitor,
    });
    renderPage();

    const notice = await screen.findByTestId('part-no-longer-made');
    expect(notice).toHaveTextContent(`${partChangeMessages.noLongerMade}${partChangeMessages.replacedBy} Ceramic Brake Pads BRK-2002`);
    expect(within(notice).getByRole('link', { name: 'Ceramic Brake Pads BRK-2002' })).toHaveAttribute('href', '/parts/BRK-2002');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    const buy = within(screen.getByRole('complementary', { name: 'Buy this part' }));
    expect(buy.getByText(partChangeMessages.noLongerMadeShort)).toBeInTheDocument();
    expect(buy.queryByRole('link', { name: 'Order now' })).not.toBeInTheDocument();
    expect(buy.queryByRole('button', { name: /Add to cart/ })).not.toBeInTheDocument();
    expect(buy.queryByText('In stock: 40')).not.toBeInTheDocument();
    // Nothing can be bought, so no promise about what is bought: the vehicles it fits are still listed.
    expect(part.fitment.length).toBeGreaterThan(0);
    expect(screen.queryByTestId('fit-promise')).not.toBeInTheDocument();
  });

  it('moves a superseded part’s page, reached by a link within the shop, to its replacement’s, as the server’s 301 does, and offers the old number nothing to buy (decision 175)', async () => {
    stubFetch({
      [GET_PART]: { body: { ...part, lifecycle: { code: '7', label: 'Superseded' }, replacedBy: { partNumber: 'BRK-2002', name: 'Ceramic Brake Pads' } } },
      'GET /api/parts/by-number/BRK-2002': { body: { ...part, _id: 'part-2', partNumber: 'BRK-2002', name: 'Ceramic Brake Pads', replaces: ['BRK-1001'] } },
      ...visitor,
    });
    const { router } = renderRoutes([{ path: '/parts/:partNumber', element: <PublicPartPage /> }], { path: '/parts/BRK-1001' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Ceramic Brake Pads' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/parts/BRK-2002');
    // Replaced, not pushed: Back leaves the old number rather than coming back to it.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByTestId('part-replaces')).toHaveTextContent('Replaces BRK-1001');
    expect(screen.getByRole('link', { name: 'Order now' })).toHaveAttribute('href', '/part/part-2');
  });

  it('is indexed and orderable when on sale, and lists the numbers it replaces, the kits it is in and other brands’ numbers', async () => {
    stubFetch({
      [GET_PART]: {
        body: {
          ...part,
          replaces: ['BRK-0999', 'BRK-0998'],
          inKits: [{ partNumber: 'KIT-3003', name: 'Front Brake Kit' }],
          interchange: [
            { brand: 'Toyota', partNumber: '04465-02220', quantity: 1 },
            { brand: 'Bosch', partNumber: 'BP-976', quantity: 2 },
          ],
        },
      },
      ...visitor,
    });
    renderPage();

    expect(await screen.findByTestId('part-replaces')).toHaveTextContent('Replaces BRK-0999, BRK-0998');
    const kits = screen.getByTestId('part-in-kits');
    expect(kits).toHaveTextContent('Also sold in kit Front Brake Kit KIT-3003');
    expect(within(kits).getByRole('link', { name: 'Front Brake Kit KIT-3003' })).toHaveAttribute('href', '/parts/KIT-3003');
    const numbers = screen.getByRole('table', { name: 'Replaces these numbers' });
    expect(within(numbers).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'BrandNumberQuantity',
      'Toyota04465-022201 of ours = 1 of theirs',
      'BoschBP-9761 of ours = 2 of theirs',
    ]);
    expect(screen.queryByTestId('part-no-longer-made')).not.toBeInTheDocument();
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Order now' })).toBeInTheDocument();
  });

  it('states the fit promise with what the server holds it to: the vehicle chosen in My Garage, and a return within 30 days', async () => {
    stubFetch({ [GET_PART]: { body: part }, ...visitor });
    renderPage();
    expect(part.fitment.length).toBeGreaterThan(0);
    // A customer who bought with no vehicle chosen, or sends it back after the window, is not covered (decision 058).
    expect(await screen.findByTestId('fit-promise')).toHaveTextContent(
      'The fit promiseBought for the vehicle chosen in My Garage, which it is listed to fit? If it does not fit, send it back within 30 days: we refund it in full, shipping included.',
    );
  });

  it('lists what is inside a kit, with links to each part', async () => {
    stubFetch({
      [GET_PART]: {
        body: {
          ...part,
          kit: [
            { partNumber: 'BRK-2002', name: 'Ceramic Brake Pads', quantity: 1 },
            { partNumber: 'ROT-4004', name: 'Brake Rotor', quantity: 2 },
          ],
        },
      },
      ...visitor,
    });
    renderPage();

    const kit = within(await screen.findByRole('region', { name: partChangeMessages.kitContents }));
    expect(kit.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1 × Ceramic Brake Pads BRK-2002', '2 × Brake Rotor ROT-4004']);
    expect(kit.getByRole('link', { name: 'Brake Rotor ROT-4004' })).toHaveAttribute('href', '/parts/ROT-4004');
  });

  it('is "Part not found" for a number we do not sell, with a search for it', async () => {
    stubFetch({ [GET_PART]: { status: 404, body: { message: 'Part not found' } }, ...visitor });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Part not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search the shop for it' })).toHaveAttribute('href', '/shop?q=BRK-1001');
  });

  it('shows a skeleton while loading, and a failure with Try again', async () => {
    let fails = true;
    stubFetch({ [GET_PART]: () => (fails ? { status: 500, body: { message: 'Internal Server Error' } } : { body: part }), ...visitor });
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading part' })).toBeInTheDocument();
    expect(await screen.findByText('We could not load this part right now.')).toBeInTheDocument();
    fails = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Brake Pads' })).toBeInTheDocument();
  });
});
