// Server rendering runs in Node, not in a page.
// @vitest-environment node
import { catalogueMessages } from '@autoparts/shared';
import { describe, expect, it } from 'vitest';
import { renderPage, renderPartPage } from './entry-server';
import { aPartDetail, aVehicle } from './test/orders';
import { aCustomer } from './test/users';

/**
 * A visitor's way to the API, as the server passes it in (their cookies): it answers as the API
 * would for them, after `delayMs`, and notes what it was asked.
 */
function visitor(name: string, delayMs: number) {
  const asked: string[] = [];
  const answers: Record<string, unknown> = {
    '/api/me': aCustomer({ name, email: `${name}@example.com` }),
    '/api/part/part-1': aPartDetail(),
    '/api/part/part-1/fitment': [aVehicle()],
  };
  const api = async (url: string) => {
    asked.push(url);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    const body = answers[url];
    return new Response(JSON.stringify(body ?? { message: 'Not found' }), { status: body ? 200 : 404, headers: { 'content-type': 'application/json' } });
  };
  return { asked, api };
}

const page = (api: (url: string) => Promise<Response>) =>
  renderPartPage({ id: 'part-1', url: new URL('http://shop.test/part/part-1'), baseUrl: 'http://shop.test', api });

describe('renderPartPage', () => {
  it('renders two customers’ part pages at once, each asking the API as that customer only', async () => {
    // Jane's answers come later, so her render asks for the fitment after John's has begun.
    const jane = visitor('jane', 30);
    const john = visitor('john', 0);
    const [janes, johns] = await Promise.all([page(jane.api), page(john.api)]);

    const everything = ['/api/me', '/api/part/part-1', '/api/part/part-1/fitment'];
    expect(jane.asked.toSorted()).toEqual(everything);
    expect(john.asked.toSorted()).toEqual(everything);
    expect(janes?.html).toContain('jane@example.com');
    expect(janes?.html).not.toContain('john@example.com');
    expect(johns?.html).toContain('john@example.com');
    expect(johns?.html).not.toContain('jane@example.com');
  });
});

describe('renderPartPage of a part that fits many vehicles', () => {
  it('carries the part to the browser without its thousands of applications (decision 173)', async () => {
    const customer = visitor('jane', 0);
    const application = { year: 2018, make: 'Toyota', model: 'Corolla', submodel: '', engine: '', position: 'Front', quantity: 2, notes: ['With heavy-duty package'], partType: null };
    const part = aPartDetail({ applications: Array.from({ length: 5000 }, () => application) });
    const rendered = await page(async (url) => (url === '/api/part/part-1' ? new Response(JSON.stringify(part), { status: 200, headers: { 'content-type': 'application/json' } }) : customer.api(url)));

    expect(rendered?.html).toContain(part.name);
    expect(JSON.stringify(rendered?.data)).not.toContain('heavy-duty');
  });
});

describe('renderPartPage for a part not on sale', () => {
  it('is the "Part not found" page, notFound, when the API says there is no such part; nothing when the API failed', async () => {
    const missing = await renderPartPage({ id: 'no-such-part', url: new URL('http://shop.test/part/no-such-part'), baseUrl: 'http://shop.test', api: visitor('jane', 0).api });
    const refused = await renderPartPage({
      id: 'part-1',
      url: new URL('http://shop.test/part/part-1'),
      baseUrl: 'http://shop.test',
      api: async () => new Response(JSON.stringify({ message: 'Too many requests' }), { status: 429, headers: { 'content-type': 'application/json' } }),
    });

    expect(missing).toMatchObject({ notFound: true, html: '', head: { title: expect.stringMatching(/^Part not found/) } });
    expect(refused).toBeUndefined();
  });
});

describe('renderPage of /shop at a page its search does not have', () => {
  const searched = (total: number, page: number) => ({ items: [], total, page, pageSize: 24, facets: { categories: [] } });
  const shop = (search: string, asked: string[] = []) =>
    renderPage({
      url: new URL(`http://shop.test/shop?${search}`),
      baseUrl: 'http://shop.test',
      found: true,
      api: async (url: string) => {
        asked.push(url);
        const page = Number(new URL(url, 'http://shop.test').searchParams.get('page') ?? 1);
        const body = url.startsWith('/api/search') ? searched(30, page) : [];
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      },
    });

  it('is notFound with the friendly message, complete, for a page number the API refuses, which it is not asked for', async () => {
    const asked: string[] = [];
    const page = await shop('page=999', asked);

    expect(page.notFound).toBe(true);
    expect(page.complete).toBe(true);
    expect(page.html).toContain(catalogueMessages.noSuchPage);
    expect(asked.some((url) => url.startsWith('/api/search'))).toBe(false);
  });

  it('is notFound for a search the shop refuses: a category it does not have (the API’s 400), a range the schema refuses (decision 191)', async () => {
    const refusing = (search: string) =>
      renderPage({
        url: new URL(`http://shop.test/shop?${search}`),
        baseUrl: 'http://shop.test',
        found: true,
        api: async (url: string) =>
          url.startsWith('/api/search')
            ? new Response(JSON.stringify({ message: catalogueMessages.badCategory }), { status: 400, headers: { 'content-type': 'application/json' } })
            : new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }),
      });

    expect((await refusing('category=cheap-replica-parts')).notFound).toBe(true);
    expect((await refusing('category=Cheap%20Replica')).notFound).toBe(true);
    expect((await shop('minPrice=50&maxPrice=10')).notFound).toBe(true);
    expect((await shop('category=brakes')).notFound).toBe(false);
  });

  it('is notFound past the search’s last page, and found on it', async () => {
    const past = await shop('page=3');
    const last = await shop('page=2');

    expect(past.notFound).toBe(true);
    expect(past.html).toContain(catalogueMessages.pastLastPage(3, 2));
    expect(last.notFound).toBe(false);
  });
});

describe('renderPage', () => {
  /** The home page, its data answered as `answers` says (JSON and 200, or the status given). */
  const home = (answers: Record<string, unknown>) =>
    renderPage({
      url: new URL('http://shop.test/'),
      baseUrl: 'http://shop.test',
      found: true,
      api: async (url: string) => {
        const answer = answers[url];
        const status = typeof answer === 'number' ? answer : 200;
        return new Response(JSON.stringify(status === 200 ? answer : { message: 'Too many requests' }), { status, headers: { 'content-type': 'application/json' } });
      },
    });

  it('says a page is complete when every query it asked for answered, and not when one was refused', async () => {
    const everything = { '/api/parts': [], '/api/reviews': [], '/api/vehicles/years': [] };
    expect((await home(everything)).complete).toBe(true);
    expect((await home({ ...everything, '/api/reviews': 429 })).complete).toBe(false);
  });
});

describe('renderPage of a part’s public page', () => {
  const publicPart = {
    ...aPartDetail({ partNumber: 'BRK-1001', price: 12.5, minOrderQuantity: 5, priceBreaks: [{ minQuantity: 10, unitPrice: 11 }] }),
    fitment: [{ make: 'Toyota', model: 'Corolla', vehicles: [{ _id: 'vehicle-1', year: 2018, engine: '' }, { _id: 'vehicle-2', year: 2019, engine: '' }] }],
  };
  const partPage = (pathname: string, part: object = publicPart) =>
    renderPage({
      url: new URL(`http://shop.test${pathname}`),
      baseUrl: 'http://shop.test',
      found: true,
      api: async (url: string) =>
        url === '/api/parts/by-number/BRK-1001'
          ? new Response(JSON.stringify(part), { status: 200, headers: { 'content-type': 'application/json' } })
          : new Response(JSON.stringify({ message: 'Part not found' }), { status: 404, headers: { 'content-type': 'application/json' } }),
    });

  it('renders the part with its quantity prices and fitment, its canonical address and schema.org offer', async () => {
    const page = await partPage('/parts/BRK-1001/');

    expect(page.notFound).toBe(false);
    expect(page.complete).toBe(true);
    expect(page.html).toContain('Brake Pads');
    expect(page.html).toContain('from 10');
    expect(page.html).toContain('$11.00');
    expect(page.html).toContain('2018–2019');
    expect(page.html).toContain('href="/part/part-1"');
    expect(page.head).toMatchObject({
      title: expect.stringMatching(/^Brake Pads BRK-1001 —/),
      description: expect.stringMatching(/^Brake Pads, part no\. BRK-1001: \$12\.50\. Fits Toyota Corolla\./),
      canonicalPath: '/parts/BRK-1001',
      structuredData: [
        {
          '@type': 'Product',
          sku: 'BRK-1001',
          brand: { '@type': 'Brand', name: 'Autoparts Manufacturer' },
          url: 'http://shop.test/parts/BRK-1001',
          // The price is that of the minimum order (decision 224): the offer says from how many it holds.
          offers: {
            '@type': 'Offer',
            price: '12.50',
            priceCurrency: 'USD',
            eligibleQuantity: { '@type': 'QuantitativeValue', minValue: 5, unitCode: 'C62' },
            url: 'http://shop.test/parts/BRK-1001',
            availability: 'https://schema.org/InStock',
          },
        },
        { '@type': 'BreadcrumbList' },
      ],
    });
    // The head as the page rendered it, for the page's <head> (decision 102); none of it left in the body.
    expect(page.head.markup).toContain('<title>Brake Pads BRK-1001 — Autoparts Manufacturer</title>');
    expect(page.head.markup).toContain('<link rel="canonical" href="http://shop.test/parts/BRK-1001"/>');
    expect(page.head.markup).toContain('<meta property="og:type" content="product"/><meta property="og:url" content="http://shop.test/parts/BRK-1001"/>');
    expect(page.html).not.toMatch(/<title|<meta |<link rel="canonical"/);
    expect(page.html).toContain('<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product"');
  });

  it('keeps the page of a part no longer made out of search engines, and only that one, and offers it as Discontinued', async () => {
    const made = await partPage('/parts/BRK-1001');
    expect(made.head.noindex).toBe(false);
    expect(made.head.markup).not.toContain('robots');
    const page = await partPage('/parts/BRK-1001', { ...publicPart, lifecycle: { code: '9', label: 'Obsolete' } });

    expect(page.notFound).toBe(false);
    expect(page.head.noindex).toBe(true);
    expect(page.head.markup).toContain('<meta name="robots" content="noindex"/>');
    expect(page.head.structuredData).toMatchObject([{ offers: { availability: 'https://schema.org/Discontinued' } }, {}]);
    expect(page.html).toContain('This part is no longer made and cannot be ordered.');
  });

  it("gives the schema.org Product the part's GTIN when it has one", async () => {
    const product = (page: Awaited<ReturnType<typeof partPage>>) => [page.head.structuredData ?? []].flat()[0];
    expect(product(await partPage('/parts/BRK-1001'))).not.toHaveProperty('gtin');
    const page = await partPage('/parts/BRK-1001', { ...publicPart, gtin: '00012345678905' });
    expect(product(page)).toMatchObject({ '@type': 'Product', gtin: '00012345678905' });
  });

  it('carries the part to the browser without its applications, thousands for a part that fits many vehicles (decision 173)', async () => {
    const application = { year: 2018, make: 'Toyota', model: 'Corolla', submodel: '', engine: '', position: 'Front', quantity: 2, notes: ['With heavy-duty package'], partType: 'Brake Pad', baseVehicleId: 100001, submodelId: null, engineBaseId: null };
    const applications = Array.from({ length: 5000 }, (_, index) => ({ ...application, year: 2000 + (index % 20), baseVehicleId: 100000 + index }));
    const page = await partPage('/parts/BRK-1001', { ...publicPart, applications });

    expect(page.html).toContain('Brake Pads');
    const carried = JSON.stringify(page.data);
    expect(carried).toContain('BRK-1001');
    expect(carried).not.toContain('heavy-duty');
    // The fitment table's vehicles are carried; 5,000 applications were 1.4 MB more.
    expect(carried.length).toBeLessThan(20_000);
  });

  it('renders "Part not found" for a number we do not sell, and says so (the server answers 404)', async () => {
    const page = await partPage('/parts/NO-SUCH-PART');

    expect(page.notFound).toBe(true);
    expect(page.html).toContain('Part not found');
    expect(page.head.title).toMatch(/^Part not found/);
    expect(page.head.canonicalPath).toBeUndefined();
  });
});
