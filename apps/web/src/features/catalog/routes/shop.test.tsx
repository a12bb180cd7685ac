import { catalogueMessages, partChangeMessages, searchMessages, type SearchItem, type SearchResult, type Vehicle } from '@autoparts/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch, type StubbedCall } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-with-router';
import { signedOutReply } from '../../../test/users';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../../../app/app';
import { Component as ShopPage } from './shop';

const pads: SearchItem = {
  _id: 'part-1',
  name: 'Ceramic Brake Pads',
  description: 'Low-dust pads.',
  img: '/images/parts/brake-pads.svg',
  price: 49.99,
  availableQuantity: 12,
  minOrderQuantity: 1,
  category: { slug: 'brakes', name: 'Brakes' },
  partNumber: 'BRK-1001',
  replaces: [],
  noLongerMade: false,
};

// A vehicle's id is a UUID, as the search schema (which /shop checks its URL with) has it.
const CAMRY = '5e0f7c1a-3b7d-4c1e-9a2b-7f1c2d3e4f50';
const camry: Vehicle = { _id: CAMRY, year: 2019, make: 'Toyota', model: 'Camry', submodel: '', engine: '' };

const result = (overrides: Partial<SearchResult> = {}): SearchResult => ({
  items: [pads],
  total: 30,
  page: 1,
  pageSize: 24,
  facets: { categories: [{ slug: 'brakes', name: 'Brakes', count: 20 }, { slug: 'filters', name: 'Filters', count: 10 }] },
  ...overrides,
});

/** /shop with every search answered by `reply`; the page's other reads answered too. */
function renderShop(path: string, reply: (call: StubbedCall) => SearchResult | Promise<SearchResult> = () => result(), queryClient?: QueryClient) {
  const server = stubFetch({
    'GET /api/me': signedOutReply,
    'GET /api/vehicles/years': { body: [2019] },
    'GET /api/vehicles/makes?year=2019': { body: ['Toyota'] },
    'GET /api/vehicles/models?year=2019&make=Toyota': { body: [camry] },
    [`GET /api/vehicles/${CAMRY}/applications?*`]: { body: [] },
    'GET /api/vehicles/options?*': { body: { submodels: [], engines: [], vehicles: [] } },
    'GET /api/search?*': async (call) => ({ body: await reply(call) }),
  });
  const searches = () => server.calls.filter((call) => call.path.startsWith('/api/search?')).map((call) => call.path.slice('/api/search'.length));
  return { ...renderRoutes([{ path: '/shop', element: <ShopPage /> }], { path, queryClient }), searches };
}

const lastSearch = (searches: () => string[]) => Object.fromEntries(new URLSearchParams(searches().at(-1)));

describe('/shop: the filters live in the URL', () => {
  it('reads every filter from the URL and asks the server for exactly those', async () => {
    const { searches } = renderShop('/shop?q=pads&category=brakes&minPrice=10&maxPrice=60&inStock=true&sort=price-asc&page=2', () => result({ page: 2 }));
    await screen.findByRole('list', { name: 'Search results' });

    expect(lastSearch(searches)).toEqual({ q: 'pads', category: 'brakes', minPrice: '10', maxPrice: '60', inStock: 'true', sort: 'price-asc', page: '2' });
    expect(screen.getByLabelText('Search the catalogue')).toHaveValue('pads');
    expect(screen.getByRole('link', { name: /^Brakes/ })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByLabelText('From')).toHaveValue(10);
    expect(screen.getByLabelText('To')).toHaveValue(60);
    expect(screen.getByLabelText('In stock only')).toBeChecked();
    expect(screen.getByLabelText('Sort by')).toHaveValue('price-asc');
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '30 parts for “pads”' })).toBeInTheDocument();
  });

  it('quotes back no search of zero-width spaces: it is no search, as the server takes it', async () => {
    renderShop('/shop?q=%E2%80%8B%E2%80%8B');
    await screen.findByRole('list', { name: 'Search results' });

    expect(screen.getByRole('heading', { name: '30 parts' })).toBeInTheDocument();
  });

  it('offers no page past the last the server answers, and says the rest needs a narrower search', async () => {
    renderShop('/shop?q=pads&page=100', () => result({ page: 100, total: 5_000 }));
    await screen.findByRole('list', { name: 'Search results' });

    const pages = screen.getByRole('navigation', { name: 'Result pages' });
    expect(within(pages).getByText(/^Page 100 of 100/)).toBeInTheDocument();
    expect(within(pages).queryByRole('link', { name: 'Next' })).toBeNull();
    expect(within(pages).getByText(catalogueMessages.morePages(2_400))).toBeInTheDocument();
  });

  it('writes each change to the URL, back to page 1, keeping the other filters', async () => {
    const user = userEvent.setup();
    const { router, searches } = renderShop('/shop?q=pads&page=2', () => result({ page: 2 }));
    const search = () => Object.fromEntries(new URLSearchParams(router.state.location.search));
    await screen.findByRole('list', { name: 'Search results' });

    await user.click(screen.getByRole('link', { name: /^Filters/ }));
    expect(search()).toEqual({ q: 'pads', category: 'filters' });

    await user.click(screen.getByLabelText('In stock only'));
    expect(search()).toEqual({ q: 'pads', category: 'filters', inStock: 'true' });

    await user.type(screen.getByLabelText('From'), '5');
    await user.type(screen.getByLabelText('To'), '25.5');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(search()).toEqual({ q: 'pads', category: 'filters', inStock: 'true', minPrice: '5', maxPrice: '25.5' });

    await user.selectOptions(screen.getByLabelText('Sort by'), 'name');
    expect(search()).toMatchObject({ sort: 'name' });

    const box = screen.getByLabelText('Search the catalogue');
    await user.clear(box);
    await user.type(box, 'oil filter{Enter}');
    expect(search()).toEqual({ q: 'oil filter', category: 'filters', inStock: 'true', minPrice: '5', maxPrice: '25.5', sort: 'name' });
    await waitFor(() => expect(lastSearch(searches)).toEqual(search()));

    // Back to all categories and in stock or not: those parameters leave the URL.
    await user.click(screen.getByRole('link', { name: 'All categories' }));
    await user.click(screen.getByLabelText('In stock only'));
    expect(search()).toEqual({ q: 'oil filter', minPrice: '5', maxPrice: '25.5', sort: 'name' });
  });

  it('links the pages, keeping the filters', async () => {
    renderShop('/shop?category=brakes');
    const pages = await screen.findByRole('navigation', { name: 'Result pages' });

    expect(within(pages).getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/shop?category=brakes&page=2');
    expect(within(pages).queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument();
  });

  it('counts Previous and Next from the page asked for while it loads, says so, and turns one page on a double click (decision 200)', async () => {
    const user = userEvent.setup();
    // 7 pages; page 4 answers only when released.
    let release = () => {};
    const { router } = renderShop('/shop?page=3', (call) => {
      const page = Number(new URL(call.path, 'http://localhost').searchParams.get('page') ?? '1');
      const answer = result({ page, total: 168 });
      return page === 4 ? new Promise((resolve) => (release = () => resolve(answer))) : answer;
    });
    const pages = await screen.findByRole('navigation', { name: 'Result pages' });
    expect(within(pages).getByText('Page 3 of 7')).toHaveAttribute('aria-live', 'polite');
    await user.click(within(pages).getByRole('link', { name: 'Next' }));
    expect(router.state.location.search).toBe('?page=4');
    // Page 3 still shown: said loading, and Previous goes back to it, not to page 2.
    expect(within(pages).getByText('Loading page 4 of 7…')).toBeInTheDocument();
    expect(within(pages).getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/shop?page=3');
    expect(within(pages).getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/shop?page=5');
    release();
    expect(await within(pages).findByText('Page 4 of 7')).toBeInTheDocument();
    // A double click on Next turns one page.
    await user.dblClick(within(pages).getByRole('link', { name: 'Next' }));
    expect(router.state.location.search).toBe('?page=5');
    expect(await within(pages).findByText('Page 5 of 7')).toBeInTheDocument();
  });

  it('says so when nothing matches, with a way back to every part', async () => {
    renderShop('/shop?q=zzqxv', () => result({ items: [], total: 0, facets: { categories: [] } }));
    expect(await screen.findByText(searchMessages.noPartsMatch)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show all parts' })).toHaveAttribute('href', '/shop');
  });
});

// Regression (decision 210): a change of the search scrolls /shop to its top, so a double click's
// second click landed on another filter, a box or the search field.
describe('/shop: a double click on a filter is one press', () => {
  it('cancels the second click of a double click on a category wherever it lands, and ticks a box once', async () => {
    const user = userEvent.setup();
    const { router } = renderShop('/shop?q=pads');
    const search = () => Object.fromEntries(new URLSearchParams(router.state.location.search));
    await screen.findByRole('list', { name: 'Search results' });
    await user.click(screen.getByRole('link', { name: /^Filters/ }));
    expect(search()).toEqual({ q: 'pads', category: 'filters' });
    const inStock = screen.getByRole('checkbox', { name: 'In stock only' });
    fireEvent.click(inStock, { detail: 2 });
    expect(inStock).not.toBeChecked();
    expect(search()).toEqual({ q: 'pads', category: 'filters' });
    // A box double-clicked is ticked once, and a click of its own unticks it.
    await user.dblClick(inStock);
    await waitFor(() => expect(search()).toEqual({ q: 'pads', category: 'filters', inStock: 'true' }));
    expect(inStock).toBeChecked();
    await user.click(inStock);
    await waitFor(() => expect(search()).toEqual({ q: 'pads', category: 'filters' }));
  });

  it('shows every part once on a double click on Show all parts, its second click not the card then under the pointer', async () => {
    const user = userEvent.setup();
    const { router } = renderShop(`/shop?q=pads&vehicle=${CAMRY}`);
    await screen.findByRole('list', { name: 'Search results' });
    await user.click(screen.getByRole('link', { name: 'Show all parts' }));
    expect(router.state.location.search).toBe('?q=pads');
    fireEvent.click(screen.getByRole('link', { name: 'Ceramic Brake Pads' }), { detail: 2 });
    expect(router.state.location.pathname).toBe('/shop');
  });
});

describe('/shop at a page its search does not have (the server answers 404)', () => {
  it('says there is no such page for a page number the server refuses, without asking it, and links to page 1', async () => {
    // `0x2`, `1e1` and `2.0` were page 2 and page 10 to `Number()`; the API reads digits only (decision 188).
    for (const page of ['999', '0', 'x', '0x2', '1e1', '2.0']) {
      const { searches, unmount } = renderShop(`/shop?category=brakes&page=${page}`);
      expect(await screen.findByText(catalogueMessages.noSuchPage)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to page 1' })).toHaveAttribute('href', '/shop?category=brakes');
      expect(screen.queryByText(/page: /)).not.toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Result pages' })).not.toBeInTheDocument();
      expect(searches()).toEqual([]);
      unmount();
    }
  });

  it('says a page past the last is none of this search’s, with links to the first and the last', async () => {
    renderShop('/shop?q=pads&page=50', () => result({ items: [], page: 50, total: 30 }));

    expect(await screen.findByText(catalogueMessages.pastLastPage(50, 2))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to page 1' })).toHaveAttribute('href', '/shop?q=pads');
    expect(screen.getByRole('link', { name: 'Go to the last page (2)' })).toHaveAttribute('href', '/shop?q=pads&page=2');
    expect(screen.queryByText(searchMessages.noPartsMatch)).not.toBeInTheDocument();
  });
});

describe('/shop: choosing a vehicle', () => {
  it('narrows the list to it at once, says so, and links back to every part', async () => {
    const user = userEvent.setup();
    const { router, searches } = renderShop('/shop?q=pads');
    const search = () => Object.fromEntries(new URLSearchParams(router.state.location.search));
    await screen.findByRole('list', { name: 'Search results' });
    await waitFor(() => expect(screen.getByLabelText('Year')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Year'), '2019');
    await waitFor(() => expect(screen.getByLabelText('Make')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Make'), 'Toyota');
    await waitFor(() => expect(screen.getByLabelText('Model')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Model'), CAMRY);

    expect(search()).toEqual({ q: 'pads', vehicle: CAMRY });
    await waitFor(() => expect(lastSearch(searches)).toEqual({ q: 'pads', vehicle: CAMRY }));
    expect(screen.getByText('Showing parts that fit your 2019 Toyota Camry')).toBeInTheDocument();
    expect(screen.getByLabelText('Fits my 2019 Toyota Camry')).toBeChecked();

    await user.click(screen.getByRole('link', { name: 'Show all parts' }));
    expect(search()).toEqual({ q: 'pads' });
    expect(screen.queryByText(/Showing parts that fit/)).not.toBeInTheDocument();
  });
});

describe('/shop: the cards say what fits the active vehicle as the part page does', () => {
  it('asks for the page’s applications on the vehicle once, and says "Fits your … — Front, with …" or "not your …"', async () => {
    const v6 = { ...camry, _id: 'v-camry-v6', engine: '3.5L V6' };
    localStorage.setItem('autoparts.garage', JSON.stringify({ vehicles: [v6], activeId: v6._id }));
    const rotors = { ...pads, _id: 'part-2', name: 'Vented Rotor', partNumber: 'BRK-2001' };
    const plugs = { ...pads, _id: 'part-3', name: 'Spark Plug', partNumber: 'IGN-1001' };
    const on = (overrides: object) => ({ year: 2019, make: 'Toyota', model: 'Camry', submodel: '', engine: '', position: null, quantity: 1, notes: [], partType: null, ...overrides });
    const server = stubFetch({
      'GET /api/me': signedOutReply,
      'GET /api/vehicles/years': { body: [2019] },
      'GET /api/search*': { body: result({ items: [pads, rotors, plugs] }) },
      'GET /api/vehicles/v-camry-v6/applications?ids=part-1,part-2,part-3': {
        body: [
          { part: 'part-1', applications: [on({ position: 'Front', engine: '3.5L V6' })] },
          { part: 'part-3', applications: [on({ engine: '2.5L I4' })] },
        ],
      },
    });
    renderRoutes([{ path: '/shop', element: <ShopPage /> }], { path: '/shop' });

    const cards = await screen.findByRole('list', { name: 'Search results' });
    expect(await within(cards).findByText('Fits your 2019 Toyota Camry — Front, with 3.5L V6 only')).toBeInTheDocument();
    expect(within(cards).getByText('Fits the 2019 Toyota Camry with 2.5L I4 only — not your 3.5L V6')).toBeInTheDocument();
    expect(within(cards).getByText('Does not fit your 2019 Toyota Camry')).toBeInTheDocument();
    expect(server.paths().filter((path) => path.includes('/applications'))).toEqual(['GET /api/vehicles/v-camry-v6/applications?ids=part-1,part-2,part-3']);
  });
});

describe('/shop narrowed to a vehicle that is not the active one (Back after choosing another, a shared link)', () => {
  const F150 = '9a8b7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
  const f150: Vehicle = { _id: F150, year: 2017, make: 'Ford', model: 'F-150', submodel: '', engine: '' };
  const on = (overrides: object) => ({ year: 2019, make: 'Toyota', model: 'Camry', submodel: '', engine: '', position: null, quantity: 1, notes: [], partType: null, ...overrides });

  it('speaks of the vehicle the list is narrowed to, in its box and on its cards, not of the active one (decision 149)', async () => {
    localStorage.setItem('autoparts.garage', JSON.stringify({ vehicles: [f150, camry], activeId: F150 }));
    const server = stubFetch({
      'GET /api/me': signedOutReply,
      'GET /api/vehicles/years': { body: [2019] },
      'GET /api/search*': { body: result() },
      [`GET /api/vehicles/${CAMRY}/applications?ids=part-1`]: { body: [{ part: 'part-1', applications: [on({ position: 'Front' })] }] },
      [`GET /api/vehicles/${F150}/applications?ids=part-1`]: { body: [] },
    });
    renderRoutes([{ path: '/shop', element: <ShopPage /> }], { path: `/shop?vehicle=${CAMRY}` });

    const cards = await screen.findByRole('list', { name: 'Search results' });
    expect(screen.getByText('Showing parts that fit your 2019 Toyota Camry')).toBeInTheDocument();
    // The box said "Fits my 2017 Ford F-150", ticked, and every Camry part "Does not fit your 2017 Ford F-150".
    expect(screen.getByLabelText('Fits my 2019 Toyota Camry')).toBeChecked();
    expect(await within(cards).findByText('Fits your 2019 Toyota Camry — Front')).toBeInTheDocument();
    expect(within(cards).queryByText(/2017 Ford F-150/)).toBeNull();
    expect(server.paths().filter((path) => path.includes(F150))).toEqual([]);
  });

  it('says no vehicle’s fit on the cards of a vehicle it cannot name (a shared link), rather than the active one’s', async () => {
    const shared = '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e';
    localStorage.setItem('autoparts.garage', JSON.stringify({ vehicles: [f150], activeId: F150 }));
    const server = stubFetch({
      'GET /api/me': signedOutReply,
      'GET /api/vehicles/years': { body: [2019] },
      'GET /api/search*': { body: result() },
      [`GET /api/vehicles/${F150}/applications?ids=part-1`]: { body: [] },
    });
    renderRoutes([{ path: '/shop', element: <ShopPage /> }], { path: `/shop?vehicle=${shared}` });

    const cards = await screen.findByRole('list', { name: 'Search results' });
    expect(screen.getByText('Showing parts that fit your vehicle')).toBeInTheDocument();
    expect(screen.getByLabelText('Fits my vehicle')).toBeChecked();
    expect(within(cards).queryByText(/Does not fit/)).toBeNull();
    expect(server.paths().filter((path) => path.includes('/applications'))).toEqual([]);
  });
});

describe('/shop with the server gone', () => {
  it('says at the first failed search that the shop cannot be reached, not the old list under its old count', async () => {
    const user = userEvent.setup();
    let down = false;
    const { searches } = renderShop(
      '/shop?q=pads',
      () => {
        // What fetch does when nothing answers on the port.
        if (down) throw new TypeError('Failed to fetch');
        return result();
      },
      // The app's own retry rule: a lost connection is asked again three times.
      createQueryClient(),
    );
    await screen.findByRole('list', { name: 'Search results' });
    expect(screen.getByRole('heading', { name: '30 parts for “pads”' })).toBeInTheDocument();

    down = true;
    const box = screen.getByLabelText('Search the catalogue');
    await user.clear(box);
    await user.type(box, 'filters{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent(searchMessages.shopUnreachable);
    // Said at the first failure, while the retries are still to come.
    expect(searches().filter((path) => path.includes('q=filters'))).toHaveLength(1);
    expect(screen.queryByRole('list', { name: 'Search results' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Parts for “filters”' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('/shop while the next answer loads', () => {
  it('keeps the old list but says no count of it for a new search, and the count again once answered', async () => {
    const user = userEvent.setup();
    let answer: (value: SearchResult) => void = () => {};
    let reply: () => SearchResult | Promise<SearchResult> = () => result();
    renderShop('/shop?q=pads', () => reply());
    await screen.findByRole('list', { name: 'Search results' });
    expect(screen.getByRole('heading', { level: 2, name: '30 parts for “pads”' })).toBeInTheDocument();

    reply = () => new Promise((resolve) => (answer = resolve));
    const box = screen.getByLabelText('Search the catalogue');
    await user.clear(box);
    await user.type(box, 'filters{Enter}');

    // The pads stay on screen, dimmed, while the filters load: 30 is their count, not the filters'.
    await waitFor(() => expect(screen.getByRole('list', { name: 'Search results' })).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByRole('heading', { level: 2, name: 'Parts for “filters”' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 2, name: '30 parts for “filters”' })).not.toBeInTheDocument();
    // Nor the pads' counts per category beside the filters' search.
    expect(screen.getByRole('link', { name: /^Brakes/ })).toHaveTextContent(/^Brakes$/);

    answer(result({ total: 10, facets: { categories: [{ slug: 'filters', name: 'Filters', count: 10 }] } }));
    expect(await screen.findByRole('heading', { level: 2, name: '10 parts for “filters”' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Filters/ })).toHaveTextContent(/^Filters10 parts$/);
  });

  it('keeps the count while another page of the same search loads', async () => {
    const user = userEvent.setup();
    let answer: (value: SearchResult) => void = () => {};
    let reply: () => SearchResult | Promise<SearchResult> = () => result();
    renderShop('/shop?q=pads', () => reply());
    const pages = await screen.findByRole('navigation', { name: 'Result pages' });

    reply = () => new Promise((resolve) => (answer = resolve));
    await user.click(within(pages).getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Search results' })).toHaveAttribute('aria-busy', 'true'));
    expect(screen.getByRole('heading', { level: 2, name: '30 parts for “pads”' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Brakes/ })).toHaveTextContent(/^Brakes20 parts$/);
    answer(result({ page: 2 }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
  });
});

describe('/shop on a phone: the Filters button', () => {
  it('says how many filters are active, and opens and closes the panel by keyboard', async () => {
    const user = userEvent.setup();
    renderShop('/shop?q=pads&category=brakes&minPrice=10&maxPrice=60&inStock=true&sort=name');
    await screen.findByRole('list', { name: 'Search results' });
    // Category, price (both ends count once) and stock; the text and the order are no filters.
    const button = screen.getByRole('button', { name: 'Filters, 3 active' });
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(panel).toHaveAccessibleName('Filters');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(panel).toHaveClass('hidden');

    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(panel).not.toHaveClass('hidden');

    await user.keyboard(' ');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(panel).toHaveClass('hidden');
  });

  it('is plain "Filters" with none active', async () => {
    renderShop('/shop?q=pads');
    await screen.findByRole('list', { name: 'Search results' });
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('/shop by keyboard: the focus stays where the buyer acted', () => {
  it('keeps the focus in the search box after a search is sent, and in the price form after Apply', async () => {
    const user = userEvent.setup();
    const { router } = renderShop('/shop?q=pads');
    await screen.findByRole('list', { name: 'Search results' });

    const box = screen.getByLabelText('Search the catalogue');
    await user.clear(box);
    await user.type(box, 'rotor{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=rotor'));
    expect(screen.getByLabelText('Search the catalogue')).toHaveFocus();

    await user.type(screen.getByLabelText('From'), '5');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=rotor&minPrice=5'));
    expect(screen.getByRole('button', { name: 'Apply' })).toHaveFocus();
  });

  it('still shows what the URL holds after Back: the box and the price fields follow it', async () => {
    const user = userEvent.setup();
    const { router } = renderShop('/shop?q=pads');
    await screen.findByRole('list', { name: 'Search results' });
    const box = screen.getByLabelText('Search the catalogue');
    await user.clear(box);
    await user.type(box, 'rotor{Enter}');
    await user.type(screen.getByLabelText('To'), '25');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=rotor&maxPrice=25'));

    await router.navigate(-1);
    await waitFor(() => expect(screen.getByLabelText('To')).toHaveValue(null));
    expect(screen.getByLabelText('Search the catalogue')).toHaveValue('rotor');
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByLabelText('Search the catalogue')).toHaveValue('pads'));
  });
});

describe('/shop: what the search schema refuses is said in the browser, as the shared schema words it', () => {
  it('refuses a lowest price above the highest on the price form itself: said under it, read with From, which takes the focus', async () => {
    const user = userEvent.setup();
    const { router, searches } = renderShop('/shop?q=pads');
    await screen.findByRole('list', { name: 'Search results' });

    await user.type(screen.getByLabelText('From'), '50');
    await user.type(screen.getByLabelText('To'), '10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    // Checked with the schema's code, loaded with the first check (decision 209).
    const from = screen.getByLabelText('From');
    await waitFor(() => expect(from).toHaveFocus());
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAccessibleDescription(catalogueMessages.priceRange);
    expect(router.state.location.search).toBe('?q=pads');

    // Mended, it is sent, and the message goes.
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '60');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=pads&minPrice=50&maxPrice=60'));
    expect(screen.getByLabelText('From')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(catalogueMessages.priceRange)).not.toBeInTheDocument();
    await waitFor(() => expect(lastSearch(searches)).toEqual({ q: 'pads', minPrice: '50', maxPrice: '60' }));
  });

  it('says what a URL it refuses holds, in the schema’s words without a field name, asks nothing, and leaves no facet loading', async () => {
    for (const [path, message] of [
      ['/shop?minPrice=50&maxPrice=10', catalogueMessages.priceRange],
      [`/shop?q=${'a'.repeat(150)}`, catalogueMessages.queryTooLong],
      // A sort or stock filter it has no words for said zod's, to a customer: "Invalid option: expected one of "relevance"|…" (decision 149).
      ['/shop?sort=random', searchMessages.badSort],
      ['/shop?inStock=yes', searchMessages.badInStock],
      // A price is digits with at most two decimals: `Number()` read 0x10 as $16 and 1e3 as $1,000.
      ['/shop?minPrice=0x10', catalogueMessages.badPrice],
      ['/shop?maxPrice=1e3', catalogueMessages.badPrice],
      ['/shop?maxPrice=12.345', catalogueMessages.badPrice],
    ] as const) {
      const { searches, unmount } = renderShop(path);
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(screen.getByRole('alert')).not.toHaveTextContent(/minPrice|q:|Invalid option|expected/);
      expect(screen.getByRole('link', { name: 'Clear all filters' })).toHaveAttribute('href', '/shop');
      // The text refused is not quoted back (2,000 characters of it in a shared link).
      expect(screen.getByRole('heading', { level: 2, name: 'Parts' })).toBeInTheDocument();
      expect(screen.queryAllByTestId('facet-skeleton')).toEqual([]);
      expect(searches()).toEqual([]);
      unmount();
    }
  });
});

describe('/shop: a price of spaces only', () => {
  it('is no price filter, not $0: the search asks without it and no filter is counted', async () => {
    const { searches } = renderShop('/shop?q=pads&maxPrice=%20');
    await screen.findByRole('list', { name: 'Search results' });
    expect(lastSearch(searches)).toEqual({ q: 'pads' });
    expect(screen.getByLabelText('To')).toHaveValue(null);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('/shop: going through the pages by keyboard', () => {
  it('takes the focus to the results heading after Next and Previous, not left on a link at the foot of a page scrolled to its top', async () => {
    const user = userEvent.setup();
    let page = 1;
    const { router } = renderShop('/shop?category=brakes', () => result({ page }));
    const pages = await screen.findByRole('navigation', { name: 'Result pages' });

    page = 2;
    within(pages).getByRole('link', { name: 'Next' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?category=brakes&page=2'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: '30 parts' })).toHaveFocus());

    page = 1;
    await user.click(await screen.findByRole('link', { name: 'Previous' }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=brakes'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: '30 parts' })).toHaveFocus());
  });

  it('leaves the focus where it is for any other change of the search', async () => {
    const user = userEvent.setup();
    renderShop('/shop?category=brakes');
    await screen.findByRole('navigation', { name: 'Result pages' });
    await user.click(screen.getByLabelText('In stock only'));
    expect(screen.getByLabelText('In stock only')).toHaveFocus();
  });
});

describe('/shop: a part no longer made', () => {
  it('is listed with its price but says it is no longer made, with no Purchase Now', async () => {
    const ended = { ...pads, _id: 'part-9', name: 'Old Brake Pads', partNumber: 'BRK-0901', noLongerMade: true };
    renderShop('/shop?q=BRK-0901', () => result({ items: [ended, pads], total: 2 }));
    const cards = await screen.findAllByRole('article');
    expect(within(cards[0]!).getByText(partChangeMessages.noLongerMadeShort)).toBeInTheDocument();
    expect(within(cards[0]!).queryByRole('link', { name: /Purchase Now/ })).not.toBeInTheDocument();
    expect(within(cards[0]!).getByRole('link', { name: 'Old Brake Pads' })).toHaveAttribute('href', '/parts/BRK-0901');
    expect(within(cards[1]!).getByRole('link', { name: 'Purchase Now: Ceramic Brake Pads' })).toBeInTheDocument();
  });
});
