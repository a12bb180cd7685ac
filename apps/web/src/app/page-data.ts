import { formatPrice, isEnded, paths, type Part, type PublicPart, type SearchResult } from '@autoparts/shared';
import type { QueryClient } from '@tanstack/react-query';
import { partImagePreload, type ImagePreload } from '../components/part-image';
import { SHOP_DESCRIPTION, SHOP_NAME, pageTitle } from '../content/site';
import { partsQuery } from '../features/catalog/api/get-parts';
import { searchQuery, shopSearchPrefetch, shopSearchParams } from '../features/catalog/api/search';
import { vehicleYearsQuery } from '../features/catalog/api/vehicles';
import { fitmentQuery, partQuery } from '../features/orders/api/get-part';
import { publicPartQuery } from '../features/parts/api/get-public-part';
import { PART_PAGE_IMAGE_SIZES } from '../features/orders/components/part-details';
import { reviewsQuery } from '../features/reviews/api/get-reviews';
import { meQuery } from '../lib/me';


/**
 * The query a server-rendered page reads, normalised: its parameters in their order, any other
 * dropped. The server keeps one rendered page per path and this (`/?x=1` is `/`).
 */
export function pageSearch(url: URL): string {
  return url.pathname === paths.shop ? new URLSearchParams(shopSearchParams(url.searchParams)).toString() : '';
}

/** The part number of a part's public page (`/parts/{partNumber}`), or undefined for any other path. */
export function publicPartNumber(pathname: string): string | undefined {
  const segment = /^\/parts\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (segment === undefined) return undefined;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/**
 * Asks the API for what a server-rendered page shows, through the same queries the page runs in
 * the browser, so the HTML carries their answers and the browser does not ask again.
 */
export async function prefetchPageData(queryClient: QueryClient, url: URL) {
  const queries =
    url.pathname === paths.home
      ? [queryClient.prefetchQuery(partsQuery), queryClient.prefetchQuery(reviewsQuery), queryClient.prefetchQuery(vehicleYearsQuery)]
      : url.pathname === paths.shop
        ? [...shopSearchPrefetch(queryClient, shopSearchParams(url.searchParams)), queryClient.prefetchQuery(vehicleYearsQuery)]
        : [];
  const partNumber = publicPartNumber(url.pathname);
  if (partNumber !== undefined) queries.push(queryClient.prefetchQuery(publicPartQuery(partNumber)));
  await Promise.all(queries);
}

export interface PageHead {
  title: string;
  description: string;
  /** schema.org data of the parts the page shows (JSON-LD), if any. */
  structuredData?: object;
  /**
   * The page's largest image, fetched with the HTML rather than once the script has drawn it: a
   * part's page is drawn in the browser, and its photo is what paints last (the largest contentful paint).
   */
  image?: ImagePreload;
  /** The page's one address, when it is not the path asked for (a part's page at its number as stored). */
  canonicalPath?: string;
  /** Kept out of search engines (`robots: noindex`): the page of a part no longer made (issue 30). */
  noindex?: boolean;
}

const descriptions: Record<string, string> = {
  [paths.home]: SHOP_DESCRIPTION,
  [paths.shop]: 'Search every part we make by name, part number or OEM number, and filter by category, price, stock and the vehicle it fits.',
  [paths.cart]: 'Your cart: the parts you chose, their prices after quantity breaks, and quick order by part number.',
  [paths.blogs]: 'Our engineers answer common questions about building web shops: React, state, performance and more.',
  [paths.portfolio]: 'The developer behind this shop: skills, projects and how to get in touch.',
};

const titles: Record<string, string> = {
  [paths.home]: `${SHOP_NAME} — parts for hundreds of vehicles`,
  [paths.shop]: pageTitle('Shop'),
  [paths.cart]: pageTitle('Your cart'),
  [paths.blogs]: pageTitle('Blogs'),
  [paths.portfolio]: pageTitle('My Portfolio'),
};

/** A part's address for search engines: its public page, or (without its number) the signed-in page. */
const productPath = (part: Part & { partNumber?: string }) => (part.partNumber ? paths.partPage(part.partNumber) : paths.part(part._id));

/**
 * schema.org `Product` with its `Offer`, for search engines (prices in dollars, as the API sends
 * them); a part no longer made (life cycle 8, 9) is offered as Discontinued; its GTIN when it has one.
 */
export function productData(part: Part & { partNumber?: string; lifecycle?: { code: string }; gtin?: string | null }, baseUrl: string) {
  const availability = part.lifecycle && isEnded(part.lifecycle.code) ? 'Discontinued' : part.availableQuantity > 0 ? 'InStock' : 'OutOfStock';
  return {
    '@type': 'Product',
    name: part.name,
    description: part.description,
    image: new URL(part.img, baseUrl).href,
    ...(part.partNumber ? { sku: part.partNumber, mpn: part.partNumber } : {}),
    ...(part.gtin ? { gtin: part.gtin } : {}),
    url: new URL(productPath(part), baseUrl).href,
    offers: {
      '@type': 'Offer',
      price: part.price.toFixed(2),
      priceCurrency: 'USD',
      availability: `https://schema.org/${availability}`,
      url: new URL(productPath(part), baseUrl).href,
    },
  };
}

function itemList(parts: Array<Part & { partNumber?: string }>, baseUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: parts.map((part, index) => ({ '@type': 'ListItem', position: index + 1, item: productData(part, baseUrl) })),
  };
}

/** Title, description and structured data of a server-rendered page, from the data it carries. */
export function pageHead(queryClient: QueryClient, url: URL, baseUrl: string, found: boolean): PageHead {
  if (!found) return { title: pageTitle('Page not found'), description: 'The page you are looking for does not exist or has moved.' };
  const head: PageHead = { title: titles[url.pathname] ?? SHOP_NAME, description: descriptions[url.pathname] ?? SHOP_DESCRIPTION };
  if (url.pathname === paths.home) {
    const parts = queryClient.getQueryData(partsQuery.queryKey);
    if (parts) head.structuredData = itemList(parts, baseUrl);
  }
  const partNumber = publicPartNumber(url.pathname);
  if (partNumber !== undefined) return publicPartHead(queryClient.getQueryData(publicPartQuery(partNumber).queryKey), baseUrl);
  if (url.pathname === paths.shop) {
    const params = shopSearchParams(url.searchParams);
    const result = queryClient.getQueryData<SearchResult>(searchQuery(params).queryKey);
    if (params.q) head.title = pageTitle(`“${params.q}” in the shop`);
    if (result) head.structuredData = itemList(result.items, baseUrl);
  }
  return head;
}

/** A description for search results: about one line of them (~160 characters). */
function snippet(text: string, length = 160): string {
  return text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`;
}

/** The head of a page for a part we do not sell, at its number or its id (answered 404). */
export const missingPartHead: PageHead = { title: pageTitle('Part not found'), description: 'This part does not exist or is no longer sold.' };

/** The head of a part's public page: its name, price and description, schema.org offer and photo; "not found" without it. */
function publicPartHead(part: PublicPart | null | undefined, baseUrl: string): PageHead {
  if (part === null) return missingPartHead;
  if (part === undefined) return { title: pageTitle('Part'), description: SHOP_DESCRIPTION };
  const fits = part.fitment.length > 0 ? ` Fits ${part.fitment.slice(0, 3).map((group) => `${group.make} ${group.model}`).join(', ')}${part.fitment.length > 3 ? ' and more' : ''}.` : '';
  return {
    title: pageTitle(`${part.name} ${part.partNumber}`),
    description: snippet(`${part.name}, part no. ${part.partNumber}: ${formatPrice(part.price)}.${fits} ${part.description}`),
    structuredData: { '@context': 'https://schema.org', ...productData(part, baseUrl) },
    image: partImagePreload(part.img, PART_PAGE_IMAGE_SIZES),
    canonicalPath: paths.partPage(part.partNumber),
    ...(isEnded(part.lifecycle.code) ? { noindex: true } : {}),
  };
}

/** Whether the page at `url` is a part's public page for a part we do not sell (the server answers 404). */
export function isMissingPart(queryClient: QueryClient, url: URL): boolean {
  const partNumber = publicPartNumber(url.pathname);
  return partNumber !== undefined && queryClient.getQueryData(publicPartQuery(partNumber).queryKey) === null;
}

/**
 * The head of a part's page, which is rendered in the browser (it asks visitors to sign in,
 * SPEC §6): its name, description and schema.org offer, for search engines and link previews.
 * Undefined for a part that is not on sale.
 */
export async function partPageHead(queryClient: QueryClient, id: string, baseUrl: string): Promise<PageHead | undefined> {
  const part = await queryClient.fetchQuery(partQuery(id)).catch(() => undefined);
  if (!part) return undefined;
  return {
    title: pageTitle(part.name),
    description: part.description,
    structuredData: { '@context': 'https://schema.org', ...productData(part, baseUrl) },
    image: partImagePreload(part.img, PART_PAGE_IMAGE_SIZES),
    // The same part's public page is the one search engines should index.
    canonicalPath: paths.partPage(part.partNumber),
  };
}

/**
 * What a part's page shows a signed-in customer besides the part: who they are (the header, the
 * order form) and the vehicles the part fits. Resolves to whether the visitor is signed in.
 */
export async function prefetchSignedInPartPage(queryClient: QueryClient, id: string): Promise<boolean> {
  const me = await queryClient.fetchQuery(meQuery).catch(() => null);
  if (me) await queryClient.prefetchQuery(fitmentQuery(id));
  return Boolean(me);
}
