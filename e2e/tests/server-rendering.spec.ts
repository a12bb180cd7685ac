import { cartMessages, catalogueMessages, formatPrice, validation } from '@autoparts/shared';
import { test as base, type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { patchChanges, putCatalogue } from './catalogue-api';
import { logInByApi, newAccount, signUpByApi } from './accounts';
import { e2eAdmin } from './admin-account';
import { waitForApp, widths } from './pages';

interface Part {
  _id: string;
  name: string;
  price: number;
  minOrderQuantity: number;
  availableQuantity: number;
}

/** The page's own requests, with its cookies. */
const request = (page: Page) => page.request;

const carriedData = ['/api/parts', '/api/reviews', '/api/vehicles/years', '/api/search'];

base.describe('with JavaScript off', () => {
  base.use({ javaScriptEnabled: false });

  base('the home page arrives with its parts, its reviews and their data block', async ({ page, request }) => {
    const parts = (await (await request.get('/api/parts')).json()) as Part[];
    const reviews = (await (await request.get('/api/reviews')).json()) as Array<{ name: string; description: string }>;
    await page.goto('/');
    const list = page.getByRole('list', { name: 'Parts', exact: true });
    await expect(list.getByRole('listitem')).toHaveCount(parts.length);
    await expect(list.getByRole('heading', { name: parts[0]!.name, exact: true })).toBeVisible();
    await expect(page.getByText(`$${parts[0]!.price.toFixed(2)}`).first()).toBeVisible();
    await expect(page.getByText(reviews[0]!.description).first()).toBeAttached();
    await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
    expect(await page.locator('script#page-data').getAttribute('type')).toBe('application/json');
  });

  base('/shop arrives with the first page of the search, and a search in its URL with its results', async ({ page, request }) => {
    const all = (await (await request.get('/api/search')).json()) as { items: Part[]; total: number };
    await page.goto('/shop');
    await expect(page.getByRole('heading', { level: 2, name: `${all.total} parts` })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem')).toHaveCount(all.items.length);
    const brakes = (await (await request.get('/api/search?q=brake')).json()) as { items: Part[] };
    await page.goto('/shop?q=brake');
    await expect(page.getByRole('list', { name: 'Search results' }).getByRole('heading', { name: brakes.items[0]!.name, exact: true })).toBeVisible();
    await expect(page).toHaveTitle(/“brake” in the shop/);
  });

  base('/blogs, /portfolio and the not-found page arrive rendered', async ({ page }) => {
    await page.goto('/blogs');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/Blogs/);
    await page.goto('/portfolio');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const reply = await page.goto('/no-such-page');
    expect(reply?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  base('every control the server renders is one whose early value the journeys below see kept, and the sign-in pages render none', async ({ page, browser }) => {
    // A control in the server's HTML can be typed into or chosen before the app has hydrated it; a
    // controlled one then needs `useChoiceBeforeHydration` (decisions 076, 208) and a journey here.
    // A new one fails this list until it has both.
    const controls = () =>
      page.locator('#root').locator('input, select, textarea').evaluateAll((elements) =>
        elements.map((element) => {
          const control = element as HTMLInputElement;
          const name = control.labels?.[0]?.textContent?.trim() ?? control.getAttribute('aria-label') ?? '(no label)';
          return control.disabled ? `${name} (disabled)` : control.readOnly ? `${name} (read only)` : name;
        }),
      );
    const parts = (await (await page.request.get('/api/parts')).json()) as Array<Part & { partNumber: string }>;
    const part = parts[0]!;
    const vehicle = ['Year', 'Make (disabled)', 'Model (disabled)', 'Find by VIN'];
    const expected: Array<[path: string, names: string[]]> = [
      ['/', ['Search parts', ...vehicle, 'Email', 'Password']],
      ['/shop', ['Search parts', 'Search the catalogue', ...vehicle, 'Fits my vehicle (disabled)', 'From', 'To', 'In stock only', 'Sort by']],
      [`/parts/${part.partNumber}`, ['Search parts', 'Quantity', 'Year (disabled)', 'Make (disabled)', 'Model (disabled)', 'Find by VIN']],
      ['/cart', ['Search parts']],
      ['/blogs', ['Search parts']],
      ['/portfolio', ['Search parts']],
      ['/no-such-page', ['Search parts']],
      // Drawn by the browser: nothing on them is there before the app.
      ['/login', []],
      ['/signup', []],
      ['/forgot-password', []],
      ['/reset-password?token=x', []],
    ];
    for (const [path, names] of expected) {
      await page.goto(path);
      expect(await controls(), path).toEqual(names);
    }
    // A signed-in customer's part page: its cart box and Place Order (react-hook-form's, decision 076).
    const signedIn = await browser.newContext();
    await signUpByApi(await signedIn.newPage(), newAccount('controls'));
    const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await signedIn.storageState() });
    await signedIn.close();
    const html = await noScript.newPage();
    await html.goto(`/part/${part._id}`);
    expect(
      await html.locator('#root').locator('input, select, textarea').evaluateAll((elements) => elements.map((element) => (element as HTMLInputElement).labels?.[0]?.textContent?.trim())),
    ).toEqual(['Search parts', 'Quantity', 'Name', 'Email', 'Address', 'Order Quantity']);
    await noScript.close();
  });

});

for (const width of widths) {
  test(`the home page hydrates at ${width} px without asking again for what its HTML carried`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (carriedData.includes(pathname)) asked.push(pathname);
      });
    await page.goto('/');
    await waitForApp(page);
    await expect(page.getByRole('list', { name: 'Parts', exact: true }).getByRole('listitem').first()).toBeVisible();
    await page.getByRole('heading', { name: 'Customer Reviews' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('button', { name: /next slide/i })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
  });
}

/**
 * Holds the app's scripts until `release` is called: the page is on screen, drawn by the server,
 * and the customer can use it before the app has hydrated it.
 */
async function holdTheApp(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('a vehicle year and a /shop filter chosen before the app has hydrated are kept and acted on', async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto('/', { waitUntil: 'commit' });
  const garage = page.getByRole('region', { name: 'My Garage' });
  await garage.getByLabel('Year').selectOption('2019');
  release();
  // Hydrated, the app heard the choice: it asks for the year's makes, and the choice stays.
  await expect(garage.getByLabel('Make').getByRole('option', { name: 'Toyota' })).toBeAttached();
  await expect(garage.getByLabel('Year')).toHaveValue('2019');
  await garage.getByLabel('Make').selectOption('Toyota');
  await expect(garage.getByLabel('Year')).toHaveValue('2019');

  await page.unrouteAll();
  const releaseShop = await holdTheApp(page);
  await page.goto('/shop', { waitUntil: 'commit' });
  await page.getByLabel('In stock only').check();
  releaseShop();
  // The filter goes into the URL, as when ticked on a hydrated page, and stays ticked.
  await expect(page).toHaveURL(/inStock=true/);
  await expect(page.getByLabel('In stock only')).toBeChecked();
});

test('a search typed, a sort chosen and a price typed on /shop before the app has hydrated are kept and acted on', async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto('/shop', { waitUntil: 'commit' });
  await page.getByLabel('Search the catalogue').fill('brake');
  await page.getByLabel('Sort by').selectOption('price-asc');
  const price = page.getByRole('form', { name: 'Price' });
  await price.getByLabel('From').fill('10');
  release();
  // The sort goes into the URL, as when chosen on a hydrated page; what was typed and not yet sent stays.
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');
  await expect(price.getByLabel('From')).toHaveValue('10');
  await expect(page.getByLabel('Search the catalogue')).toHaveValue('brake');
  // The app has them: Apply and Search send them as typed.
  await price.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/minPrice=10/);
  await expect(page).toHaveURL(/sort=price-asc/);
  await page.getByRole('search').filter({ has: page.getByLabel('Search the catalogue') }).getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/q=brake/);
  await expect(page).toHaveURL(/minPrice=10/);
});

test('two filters chosen on /shop before the app has hydrated are both acted on, and a price applied at once keeps them', async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto('/shop', { waitUntil: 'commit' });
  await page.getByLabel('In stock only').check();
  await page.getByLabel('Sort by').selectOption('price-desc');
  const price = page.getByRole('form', { name: 'Price' });
  await price.getByLabel('To').fill('500');
  release();
  // Both early choices are acted on in the same moment: neither navigation may undo the other.
  await expect(page).toHaveURL(/inStock=true/);
  await expect(page).toHaveURL(/sort=price-desc/);
  // Apply pressed as soon as the address has them, which may be before React has drawn them.
  await price.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/maxPrice=500/);
  expect(new URL(page.url()).searchParams.get('inStock')).toBe('true');
  expect(new URL(page.url()).searchParams.get('sort')).toBe('price-desc');
});

test('an address and a quantity typed and a name emptied in Place Order before the app has hydrated are kept and acted on', async ({ page }) => {
  const parts = (await (await request(page).get('/api/parts')).json()) as Part[];
  // One no other journey orders from (they take the first ones), with room for one more than its minimum.
  const part = parts.findLast((candidate) => candidate.availableQuantity > candidate.minOrderQuantity)!;
  await signUpByApi(page, newAccount('early-order'));
  await page.waitForLoadState('networkidle');
  const release = await holdTheApp(page);
  await page.goto(`/part/${part._id}`, { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Place Order' });
  await form.getByLabel('Address').fill('1 Main Street, Springfield');
  const quantity = part.minOrderQuantity + 1;
  await form.getByLabel('Order Quantity').fill(String(quantity));
  await form.getByLabel('Name').fill('');
  release();
  // Hydrated, the form has what was typed: it totals the quantity, and the emptied name is said
  // under its field as a change after hydration would be.
  await expect(form.getByText(`Total: ${formatPrice(part.price * quantity)}`)).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveAccessibleDescription(validation.nameRequired);
  await expect(form.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  await form.getByLabel('Name').fill('Early Orderer');
  await expect(form.getByRole('button', { name: 'Place Order' })).toBeEnabled();
  await expect(form.getByLabel('Address')).toHaveValue('1 Main Street, Springfield');
  await form.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('heading', { name: 'Order placed' })).toBeVisible();
});

test('a VIN sent before the app has hydrated is acted on once it has, as typed, and the page stays', async ({ page }) => {
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => navigations.push(frame.url()));
  const release = await holdTheApp(page);
  await page.goto('/shop', { waitUntil: 'commit' });
  await page.getByText('Know your VIN? Find your vehicle by it').click();
  const vin = page.getByRole('form', { name: 'Find by VIN' });
  const typo = '4S4BSANC1K3123456';
  await vin.getByLabel('Find by VIN').fill(typo);
  await vin.getByRole('button', { name: 'Find' }).click();
  release();
  // React's replay script held the form (allowed by its hash in the page's CSP); hydrated, the app acts on it.
  await expect(vin.getByText(catalogueMessages.vinCheckDigit)).toBeVisible();
  await expect(vin.getByLabel('Find by VIN')).toHaveValue(typo);
  expect(navigations.filter((url) => url.includes('/shop?'))).toEqual([]);
});

test('a search sent from the header before the app has hydrated opens /shop with it', async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto('/', { waitUntil: 'commit' });
  await page.getByRole('search', { name: 'Parts' }).getByLabel('Search parts').fill('brake pad');
  await page.getByRole('search', { name: 'Parts' }).getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/shop\?q=brake\+pad$/);
  release();
  await expect(page.getByLabel('Search the catalogue')).toHaveValue('brake pad');
});

test('a search typed into the header before the app has hydrated, and sent after, is sent as typed', async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto('/', { waitUntil: 'commit' });
  const search = page.getByRole('search', { name: 'Parts' });
  await search.getByLabel('Search parts').fill('brake pad');
  release();
  // Hydrated, and the header drawn again once the session answered: the box still has it, and
  // Search (the app's, no longer the browser's GET) sends it.
  await waitForApp(page);
  await expect(search.getByLabel('Search parts')).toHaveValue('brake pad');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/shop\?q=brake\+pad$/);
  await expect(page.getByLabel('Search the catalogue')).toHaveValue('brake pad');
});

test('a VIN typed before the app has hydrated stays while a vehicle is picked, and is found as typed', async ({ page }) => {
  const release = await holdTheApp(page);
  await page.goto('/', { waitUntil: 'commit' });
  const garage = page.getByRole('region', { name: 'My Garage' });
  await garage.getByText('Know your VIN? Find your vehicle by it').click();
  const vin = garage.getByRole('form', { name: 'Find by VIN' });
  const typo = '4S4BSANC1K3123456';
  await vin.getByLabel('Find by VIN').fill(typo);
  release();
  await waitForApp(page);
  // A vehicle picked draws the garage again, the VIN finder with it.
  await garage.getByLabel('Year').selectOption('2018');
  await garage.getByLabel('Make').selectOption('Toyota');
  await garage.getByLabel('Model').selectOption({ label: 'Camry' });
  await expect(garage.getByTestId('active-vehicle')).toContainText('Camry');
  await expect(vin.getByLabel('Find by VIN')).toHaveValue(typo);
  await vin.getByRole('button', { name: 'Find' }).click();
  await expect(vin.getByText(catalogueMessages.vinCheckDigit)).toBeVisible();
  await expect(vin.getByLabel('Find by VIN')).toHaveValue(typo);
});

test('a quantity typed into a part page’s cart box before the app has hydrated is checked and added as typed', async ({ page }) => {
  const parts = (await (await request(page).get('/api/parts')).json()) as Array<Part & { partNumber: string }>;
  const part = parts.find((candidate) => candidate.availableQuantity > candidate.minOrderQuantity)!;
  const release = await holdTheApp(page);
  await page.goto(`/parts/${part.partNumber}`, { waitUntil: 'commit' });
  const box = page.getByRole('form', { name: `Add ${part.partNumber} to cart` });
  await box.getByLabel('Quantity').fill(String(part.availableQuantity + 1));
  release();
  // Hydrated, the box checks what was typed as it checks a quantity typed later.
  await waitForApp(page);
  await expect(box.getByText(cartMessages.aboveStock(part.availableQuantity))).toBeVisible();
  await expect(box.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  await expect(box.getByLabel('Quantity')).toHaveValue(String(part.availableQuantity + 1));
  const quantity = part.minOrderQuantity + 1;
  await box.getByLabel('Quantity').fill(String(quantity));
  await box.getByRole('button', { name: 'Add to cart' }).click();
  await expect(box.getByRole('status')).toContainText(cartMessages.addedOne(part.partNumber, quantity));
});

/** Opens /shop and waits until it has hydrated and settled; what it asked of the carried data, and goes on asking. */
async function openShopHydrated(page: Page): Promise<string[]> {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (carriedData.includes(url.pathname)) asked.push(url.pathname + url.search);
  });
  await page.goto('/shop');
  await waitForApp(page);
  await page.waitForLoadState('networkidle');
  return asked;
}

test('/shop hydrates without asking again for its results, and a new search still asks', async ({ page }) => {
  const asked = await openShopHydrated(page);
  expect(asked).toEqual([]);
  await page.getByLabel('Search the catalogue').fill('brake');
  await page.getByRole('button', { name: 'Search', exact: true }).last().click();
  await expect(page).toHaveURL(/q=brake/);
  await expect.poll(() => asked).toContain('/api/search?q=brake');
});

test('/shop hydrates without the search schema’s code, which comes with the first search checked in the browser', async ({ page }) => {
  // zod's core names its types so (`$ZodObject`): a script that holds it brings the schema's code.
  const withZod: string[] = [];
  page.on('response', async (response) => {
    if (!/\/assets\/.*\.js$/.test(response.url())) return;
    if ((await response.text()).includes('$ZodObject')) withZod.push(new URL(response.url()).pathname);
  });
  await page.goto('/shop');
  await waitForApp(page);
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(withZod).toEqual([]);
  // A price the schema refuses, checked in the browser: said under the field, in the schema's words.
  const price = page.getByRole('form', { name: 'Price' });
  await price.getByLabel('From').fill('50');
  await price.getByLabel('To').fill('10');
  await price.getByRole('button', { name: 'Apply' }).click();
  await expect(price.getByLabel('From')).toHaveAccessibleDescription(catalogueMessages.priceRange);
  await expect(price.getByLabel('From')).toBeFocused();
  expect(withZod).not.toEqual([]);
});

test('/shop kept by the server for minutes still hydrates without asking again for its results', async ({ page }) => {
  // The browser's clock two minutes ahead of the server's: the page's data looks as old as a page
  // the server kept that long (its search counts as fresh for a minute).
  await page.clock.setSystemTime(Date.now() + 2 * 60_000);
  expect(await openShopHydrated(page)).toEqual([]);
});

test('the app’s entry and its route chunks start with V8’s compile hint, in every encoding they are sent in', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const entry = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(entry).toMatch(/^\/assets\/index-/);
  // A chunk the entry loads with a route: the first of the files its `__vite__mapDeps` names.
  const chunk = /"(assets\/[^"]+\.js)"/.exec(await (await request.get(entry ?? '')).text())?.[1];
  expect(chunk).toBeDefined();
  for (const file of [entry, `/${chunk}`]) {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const reply = await request.get(file ?? '', { headers: { 'accept-encoding': encoding } });
      expect(reply.headers()['content-encoding'] ?? 'identity').toBe(encoding);
      expect((await reply.text()).split('\n', 1)[0]).toBe('//# allFunctionsCalledOnLoad');
    }
  }
});

test('public pages name their canonical URL; the part pages and search results carry schema.org offers', async ({ page, request, baseURL }) => {
  for (const path of ['/', '/shop', '/blogs', '/portfolio']) {
    await page.goto(path);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${path}`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /\w/);
  }
  const html = await (await request.get('/shop')).text();
  const block = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
  const data = JSON.parse(block ?? '{}') as { itemListElement: Array<{ item: { '@type': string; offers: { price: string; priceCurrency: string } } }> };
  expect(data.itemListElement[0]?.item['@type']).toBe('Product');
  expect(data.itemListElement[0]?.item.offers.priceCurrency).toBe('USD');
});

test('the pages a buyer lands on from outside come without an opener policy; the account’s pages keep it', async ({ request }) => {
  // Decision 034: with the policy, the browser starts the page's renderer only once it has the reply.
  const [part] = (await (await request.get('/api/parts')).json()) as Array<Part & { partNumber: string }>;
  for (const path of ['/', '/shop', '/blogs', '/portfolio', `/part/${part!._id}`, `/parts/${part!.partNumber}`, '/no-such-page']) {
    expect((await request.get(path)).headers()['cross-origin-opener-policy'], path).toBeUndefined();
  }
  for (const path of ['/dashboard', '/dashboard/orders', '/login', '/reset-password']) {
    expect((await request.get(path)).headers()['cross-origin-opener-policy'], path).toBe('same-origin');
  }
});

test('a public page is sent as kept, 304 for its tag, until what it shows changes', async ({ page, request: anonymous, baseURL }) => {
  const kept = await anonymous.get('/');
  const etag = kept.headers()['etag'];
  expect(etag).toMatch(/^"/);
  expect((await anonymous.get('/', { headers: { 'if-none-match': etag! } })).status()).toBe(304);

  await signUpByApi(page, newAccount('page-cache'));
  const description = `Posted after the page was kept ${Date.now()}`;
  const posted = await request(page).post('/api/reviews', { data: { description, ratings: '5' }, headers: { origin: baseURL! } });
  expect(posted.status()).toBe(200);
  await expect.poll(async () => (await anonymous.get('/')).text()).toContain(description);
  expect((await anonymous.get('/', { headers: { 'if-none-match': etag! } })).status()).toBe(200);
});

test('a part’s page, rendered in the browser, carries the part’s title, description and schema.org offer', async ({ request, baseURL }) => {
  const [part] = (await (await request.get('/api/parts')).json()) as Array<Part & { description: string; img: string; partNumber: string }>;
  const reply = await request.get(`/part/${part!._id}`);
  const html = await reply.text();
  expect(html).toContain(`<title>${part!.name} — Autoparts Manufacturer</title>`);
  // Its canonical address is the part's public page (decision 049).
  expect(html).toContain(`<link rel="canonical" href="${baseURL}/parts/${part!.partNumber}"/>`);
  const data = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}') as {
    '@type': string;
    name: string;
    offers: { price: string; availability: string };
  };
  expect(data).toMatchObject({ '@type': 'Product', name: part!.name, offers: { price: part!.price.toFixed(2) } });
  // Its image is fetched with the HTML, not once the script has drawn the page: asked for in the
  // page's first bytes, above its inline styles.
  const preload = `<link rel="preload" as="image" fetchpriority="high" href="${part!.img}" />`;
  expect(html).toContain(preload);
  expect(html.indexOf(preload)).toBeLessThan(html.indexOf('<style'));
  // And in the reply's headers, which the browser reads before the page's first bytes (decision 091).
  expect(reply.headers().link).toBe(`<${part!.img}>; rel=preload; as=image; fetchpriority=high`);
  // The page itself still asks to sign in: nothing of it is rendered here, but its data is handed over.
  expect(html).toContain('<div id="root"></div>');
  const handedOver = JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/.exec(html)?.[1] ?? '{}') as {
    queries: { queries: Array<{ queryKey: string[]; state: { data: { name: string } } }> };
  };
  expect(handedOver.queries.queries).toEqual([
    expect.objectContaining({ queryKey: ['parts', 'detail', part!._id], state: expect.objectContaining({ data: expect.objectContaining({ name: part!.name }) }) }),
  ]);
});

/**
 * Records what scripts change in the server's text once the page has been parsed: a text node's
 * text, or a text node added to an element. Hydrating `Part no. {number}` (two text nodes in the
 * browser, one in the server's HTML) splits the server's node, and the browser lays out the page
 * again (`/shop` once laid out its results after hydration).
 */
async function recordTextChanges(page: Page) {
  await page.addInitScript(() => {
    const changes: string[] = [];
    Object.assign(window, { textChanges: changes });
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root');
      if (!root) return;
      new MutationObserver((records) => {
        for (const record of records) {
          if (record.type === 'characterData') changes.push(`“${record.oldValue}” became “${record.target.textContent}”`);
          for (const node of record.addedNodes) {
            if (node.nodeType === Node.TEXT_NODE) changes.push(`“${node.textContent}” added to “${record.target.textContent}”`);
          }
        }
      }).observe(root, { subtree: true, childList: true, characterData: true, characterDataOldValue: true });
    });
  });
}

/** The changes recorded, once the page has hydrated and settled. */
async function textChanges(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => (window as unknown as { textChanges: string[] }).textChanges);
}

test('the public pages hydrate without changing a word of the server’s text', async ({ page }) => {
  await recordTextChanges(page);
  for (const path of ['/', '/shop', '/shop?q=brake&page=2', '/blogs', '/portfolio', '/no-such-page']) {
    await page.goto(path);
    await waitForApp(page);
    expect(await textChanges(page), path).toEqual([]);
  }
});

test('a signed-in customer’s part page arrives rendered for them, readable with JavaScript off, kept by no shared cache', async ({ page, browser }) => {
  const [part] = (await (await request(page).get('/api/parts')).json()) as Part[];
  const account = newAccount('part-html');
  await signUpByApi(page, account);
  const reply = await request(page).get(`/part/${part!._id}`);
  expect(reply.headers()['cache-control']).toBe('private, no-cache');
  expect(reply.headers()['vary']).toMatch(/cookie/i);

  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const html = await noScript.newPage();
  await html.goto(`/part/${part!._id}`);
  await expect(html.getByRole('heading', { level: 1, name: part!.name })).toBeVisible();
  const form = html.getByRole('form', { name: 'Place Order' });
  await expect(form.getByLabel('Name')).toHaveValue(account.name);
  await expect(form.getByLabel('Email')).toHaveValue(account.email);
  await expect(html.getByRole('banner').getByText(account.name)).toBeAttached();
  await expect(html.getByRole('status', { name: 'Loading' })).toHaveCount(0);
  await noScript.close();

  // Signed out, the same address carries no one's page: the browser asks to sign in.
  const signedOut = await (await request(page).get(`/part/${part!._id}`, { headers: { cookie: '' } })).text();
  expect(signedOut).toContain('<div id="root"></div>');
  expect(signedOut).not.toContain(account.email);
});

test('a signed-in customer’s part page hydrates without asking again for the part, the account, the fitment or the style sheet, or changing its text', async ({ page }) => {
  const [part] = (await (await request(page).get('/api/parts')).json()) as Part[];
  await signUpByApi(page, newAccount('part-page'));
  const asked: string[] = [];
  const styleSheets: string[] = [];
  // Counted from the part page's own document on: what the app still asks after signing up (its
  // own /api/me, on the same document) is not the part page's. The old document asks nothing once
  // the new one has committed.
  let partPage = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) partPage = new URL(frame.url()).pathname === `/part/${part!._id}`;
  });
  page.on('request', (request) => {
    if (!partPage) return;
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) asked.push(pathname);
    if (request.resourceType() === 'stylesheet') styleSheets.push(pathname);
  });
  await recordTextChanges(page);
  await page.goto(`/part/${part!._id}`);
  const form = page.getByRole('form', { name: 'Place Order' });
  await expect(page.getByRole('heading', { level: 1, name: part!.name })).toBeVisible();
  // Hydrated: the form checks what is typed.
  await form.getByLabel('Address').fill('x');
  await form.getByLabel('Address').blur();
  await form.getByLabel('Address').fill('');
  await expect(form.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  await form.getByLabel('Address').fill('1 Main Street, Springfield');
  await expect(form.getByRole('button', { name: 'Place Order' })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(asked.filter((path) => path === '/api/me' || path.startsWith(`/api/part/${part!._id}`))).toEqual([]);
  expect(await textChanges(page)).toEqual([]);
  // The page's rules came inlined in its HTML: its lazily loaded script does not fetch them again.
  expect(styleSheets).toEqual([]);
});

test('the sitemap lists the public pages and every part on sale’s public page', async ({ request, baseURL }) => {
  const reply = await request.get('/sitemap.xml');
  expect(reply.status()).toBe(200);
  expect(reply.headers()['content-type']).toMatch(/xml/);
  const xml = await reply.text();
  for (const path of ['/', '/shop', '/blogs', '/portfolio']) expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
  const parts = (await (await request.get('/api/parts')).json()) as Array<Part & { partNumber: string }>;
  expect(xml).toContain(`<loc>${baseURL}/parts/${parts[0]!.partNumber}</loc>`);
  expect(xml).not.toContain(`<loc>${baseURL}/part/${parts[0]!._id}</loc>`);
});

/** Parts of the journey's own in the Brakes category, added by the admin through the API; `patch` changes one. */
async function brakeParts(browser: Browser, baseURL: string, parts: Array<{ partNumber: string; name: string; img: string; lifecycle?: string }>) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await logInByApi(admin, e2eAdmin);
  const headers = { origin: baseURL };
  for (const part of parts) {
    const added = await admin.request.post('/api/addaproduct', {
      headers,
      data: { name: part.name, img: part.img, description: 'Pads for the head journey.', storequantity: '40', price: '24.50', minOrderQuantity: '1' },
    });
    expect(added.ok()).toBe(true);
    const { insertedId: id } = (await added.json()) as { insertedId: string };
    const catalogue = await putCatalogue(admin.request, headers, id, { category: 'brakes', partNumber: part.partNumber, oemNumbers: [], specs: [] });
    expect(catalogue.ok()).toBe(true);
    if (part.lifecycle) expect((await patchChanges(admin.request, headers, id, { lifecycle: part.lifecycle })).ok()).toBe(true);
  }
  await context.close();
}

/** What the document's head says, wherever in the document its elements are. */
async function headOf(page: Page) {
  return page.evaluate(() => ({
    titles: [...document.querySelectorAll('title')].map((title) => title.textContent),
    canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((link) => link.getAttribute('href')),
    robots: [...document.querySelectorAll('meta[name="robots"]')].map((meta) => meta.getAttribute('content')),
    descriptions: document.querySelectorAll('meta[name="description"]').length,
    og: Object.fromEntries([...document.querySelectorAll('meta[property^="og:"]')].map((meta) => [meta.getAttribute('property'), meta.getAttribute('content')])),
    structured: [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) => (JSON.parse(script.textContent ?? '{}') as { '@type': string })['@type']),
  }));
}

test('a page moved to within the app names itself in the head, not the page first loaded: one title, its canonical, robots and schema.org data', async ({ page, browser, baseURL }) => {
  const stamp = Date.now() % 1_000_000;
  const ended = { partNumber: `E2E-HEAD-END-${stamp}`, name: `Ended Pads ${stamp}`, img: '/images/parts/brake-pads.svg', lifecycle: '8' };
  await brakeParts(browser, baseURL!, [ended]);

  await page.goto(`/parts/${ended.partNumber}`);
  await waitForApp(page);
  const first = await headOf(page);
  expect(first).toMatchObject({
    titles: [`${ended.name} ${ended.partNumber} — Autoparts Manufacturer`],
    canonical: [`${baseURL}/parts/${ended.partNumber}`],
    robots: ['noindex'],
    descriptions: 1,
    og: { 'og:type': 'product', 'og:url': `${baseURL}/parts/${ended.partNumber}`, 'og:title': `${ended.name} ${ended.partNumber} — Autoparts Manufacturer` },
    structured: ['Product', 'BreadcrumbList'],
  });
  // The demo drawing is an SVG, which link previews do not show: no og:image for it.
  expect(first.og['og:image']).toBeUndefined();
  const [product, breadcrumb] = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(JSON.parse(product ?? '{}')).toMatchObject({ brand: { '@type': 'Brand', name: 'Autoparts Manufacturer' }, offers: { availability: 'https://schema.org/Discontinued' } });
  // As the page's own breadcrumb: Shop / Brakes / the part.
  expect(JSON.parse(breadcrumb ?? '{}')).toMatchObject({
    itemListElement: [
      { position: 1, name: 'Shop', item: `${baseURL}/shop` },
      { position: 2, name: 'Brakes', item: `${baseURL}/shop?category=brakes` },
      { position: 3, name: ended.partNumber, item: `${baseURL}/parts/${ended.partNumber}` },
    ],
  });

  // To /shop by the breadcrumb, within the app: the part's noindex, canonical and offer go.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Shop', exact: true }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole('list', { name: 'Search results' })).toBeVisible();
  await expect.poll(() => headOf(page)).toMatchObject({
    titles: ['Shop — Autoparts Manufacturer'],
    canonical: [`${baseURL}/shop`],
    robots: [],
    descriptions: 1,
    og: { 'og:type': 'website', 'og:url': `${baseURL}/shop` },
    structured: ['ItemList'],
  });

  // A category's page is a page of its own.
  await page.goto(`/parts/${ended.partNumber}`);
  await waitForApp(page);
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Brakes' }).click();
  await expect(page).toHaveURL(/\/shop\?category=brakes$/);
  await expect.poll(() => headOf(page)).toMatchObject({ titles: ['Brakes — Shop — Autoparts Manufacturer'], canonical: [`${baseURL}/shop?category=brakes`], robots: [] });

  // A part's card, then home: each names itself, one title each.
  const card = page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first();
  const cardLink = card.locator('a[href^="/parts/"]').first();
  const cardPath = await cardLink.getAttribute('href');
  await cardLink.click();
  await expect(page).toHaveURL(new RegExp(`${cardPath}$`));
  await expect.poll(async () => (await headOf(page)).canonical).toEqual([`${baseURL}${cardPath}`]);
  expect((await headOf(page)).titles).toHaveLength(1);
  await page.getByRole('banner').getByRole('link', { name: /home/i }).first().click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect.poll(() => headOf(page)).toMatchObject({
    titles: ['Autoparts Manufacturer — parts for hundreds of vehicles'],
    canonical: [`${baseURL}/`],
    robots: [],
    descriptions: 1,
    structured: ['ItemList'],
  });
});

test('each page’s HTML has one title, in the head, and its own canonical, noindex and Open Graph tags with absolute URLs', async ({ request, baseURL }) => {
  const unescape = (value: string | undefined) => value?.replace(/&amp;/g, '&');
  const headOfHtml = (html: string) => {
    const [head = '', body = ''] = html.split('</head>');
    return {
      titles: [...html.matchAll(/<title>([^<]*)<\/title>/g)].map(([, title]) => title),
      titleInBody: /<title>/.test(body),
      canonical: unescape(/<link rel="canonical" href="([^"]*)"/.exec(head)?.[1]),
      noindex: /<meta name="robots" content="noindex"\/?>/.test(head),
      descriptions: [...html.matchAll(/<meta name="description"/g)].length,
      og: Object.fromEntries([...head.matchAll(/<meta property="(og:[a-z]+)" content="([^"]*)"/g)].map(([, name, value]) => [name, unescape(value)])),
      twitter: /<meta name="twitter:card" content="([^"]*)"/.exec(head)?.[1],
    };
  };
  const expectations: Array<[path: string, title: string, canonical: string | undefined, noindex: boolean]> = [
    ['/', 'Autoparts Manufacturer — parts for hundreds of vehicles', '/', false],
    ['/shop?category=brakes', 'Brakes — Shop — Autoparts Manufacturer', '/shop?category=brakes', false],
    ['/shop?category=brakes&page=2', 'Brakes — Shop, page 2 — Autoparts Manufacturer', '/shop?category=brakes&page=2', false],
    ['/shop?page=2', 'Shop, page 2 — Autoparts Manufacturer', '/shop?page=2', false],
    ['/shop?q=pads', '“pads” in the shop — Autoparts Manufacturer', '/shop', true],
    ['/shop?inStock=true', 'Shop — Autoparts Manufacturer', '/shop', true],
    ['/shop?minPrice=10', 'Shop — Autoparts Manufacturer', '/shop', true],
    ['/cart', 'Your cart — Autoparts Manufacturer', undefined, true],
    ['/login', 'Login — Autoparts Manufacturer', undefined, true],
    ['/signup', 'Sign Up — Autoparts Manufacturer', undefined, true],
    ['/forgot-password', 'Forgot password — Autoparts Manufacturer', undefined, true],
    ['/checkout', 'Checkout — Autoparts Manufacturer', undefined, true],
    ['/dashboard/orders', 'Dashboard — Autoparts Manufacturer', undefined, true],
  ];
  for (const [path, title, canonical, noindex] of expectations) {
    const head = headOfHtml(await (await request.get(path)).text());
    expect(head, path).toMatchObject({ titles: [title], titleInBody: false, noindex, descriptions: 1 });
    expect(head.canonical, path).toBe(canonical && `${baseURL}${canonical}`);
    expect(head.og['og:title'], path).toBe(title);
    if (canonical) expect(head.og['og:url'], path).toBe(`${baseURL}${canonical}`);
  }
  // A part's page is a product's; its demo drawing (an SVG) is no link preview's image (a photo's
  // is: the web app's tests of `openGraphImage`).
  const [part] = (await (await request.get('/api/parts')).json()) as Array<Part & { partNumber: string }>;
  const partHead = headOfHtml(await (await request.get(`/parts/${part!.partNumber}`)).text());
  expect(partHead).toMatchObject({ titles: [`${part!.name} ${part!.partNumber} — Autoparts Manufacturer`], noindex: false, twitter: 'summary' });
  expect(partHead.og).toEqual({
    'og:title': partHead.titles[0],
    'og:description': expect.stringContaining(part!.name),
    'og:type': 'product',
    'og:url': `${baseURL}/parts/${part!.partNumber}`,
  });
  expect(headOfHtml(await (await request.get('/')).text()).og['og:type']).toBe('website');
});
