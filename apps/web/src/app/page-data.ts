import { paths, type PublicPart, type SearchResult } from '@autoparts/shared';
import type { QueryClient } from '@tanstack/react-query';
import { partImagePreload, type ImagePreload } from '../components/part-image';
import type { PageMetaProps } from '../components/page-meta';
import { SHOP_DESCRIPTION, SHOP_NAME, pageTitle } from '../content/site';
import { partsQuery } from '../features/catalog/api/get-parts';
import { searchQuery, shopSearchPrefetch, shopSearchParams } from '../features/catalog/api/search';
import { vehicleYearsQuery } from '../features/catalog/api/vehicles';
import { fitmentQuery, partQuery } from '../features/orders/api/get-part';
import { publicPartQuery } from '../features/parts/api/get-public-part';
import { PART_PAGE_IMAGE_SIZES } from '../features/orders/components/part-details';
import { reviewsQuery } from '../features/reviews/api/get-reviews';
import { meQuery } from '../lib/me';
import { blogsHead, homeHead, notFoundHead, partHead, partNotFoundHead, portfolioHead, privatePageHead, publicPartHead, shopHead } from '../lib/page-heads';


/**
 * The query a server-rendered page reads, normalised: its parameters in their order, any other
 * dropped. The server keeps one rendered page per path and this (`/?x=1` is `/`).
 */
export function pageSearch(url: URL): string {
  return url.pathname === paths.shop ? new URLSearchParams(shopSearchParams(url.searchParams)).toString() : '';
}

/** The part number of a part's public page (`/parts/{partNumber}`), or undefined for any other path. */
function publicPartNumber(pathname: string): string | undefined {
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
        ? [shopSearchPrefetch(queryClient, shopSearchParams(url.searchParams)), queryClient.prefetchQuery(vehicleYearsQuery)]
        : [];
  const partNumber = publicPartNumber(url.pathname);
  if (partNumber !== undefined) queries.push(queryClient.prefetchQuery(publicPartQuery(partNumber)));
  await Promise.all(queries);
}

/**
 * What the server needs of a page's head: the page renders its own (`PageMeta`, decision 102),
 * which the server moves into `<head>` (`markup`); these are what it sends should the page render
 * none, and the page's largest image, which it asks for with the page's first bytes.
 */
export interface PageHead extends Omit<PageMetaProps, 'image' | 'type'> {
  /**
   * The page's largest image, fetched with the HTML rather than once the script has drawn it: a
   * part's page is drawn in the browser, and its photo is what paints last (the largest contentful paint).
   */
  image?: ImagePreload;
  /** The head's elements as React rendered them (`<title>`, `<meta>`, `<link>`), for the page's `<head>`. */
  markup?: string;
}

/** What the server needs of a page's own head, with the preload of its largest image. */
function serverHead({ image: _image, type: _type, ...head }: PageMetaProps, image?: ImagePreload): PageHead {
  return image ? { ...head, image } : head;
}

/** The head of a server-rendered page, from the data it carries: the one the page itself renders. */
export function pageHead(queryClient: QueryClient, url: URL, found: boolean): PageHead {
  if (!found) return serverHead(notFoundHead);
  const partNumber = publicPartNumber(url.pathname);
  if (partNumber !== undefined) {
    const part = queryClient.getQueryData<Omit<PublicPart, 'applications'> | null>(publicPartQuery(partNumber).queryKey);
    if (part === null) return serverHead(partNotFoundHead);
    if (part === undefined) return { title: pageTitle('Part'), description: SHOP_DESCRIPTION, canonicalPath: paths.partPage(partNumber) };
    return serverHead(publicPartHead(part), partImagePreload(part.img, PART_PAGE_IMAGE_SIZES));
  }
  if (url.pathname === paths.home) return serverHead(homeHead(queryClient.getQueryData(partsQuery.queryKey)));
  if (url.pathname === paths.shop) {
    const params = shopSearchParams(url.searchParams);
    return serverHead(shopHead(params, queryClient.getQueryData<SearchResult>(searchQuery(params).queryKey)));
  }
  if (url.pathname === paths.blogs) return serverHead(blogsHead);
  if (url.pathname === paths.portfolio) return serverHead(portfolioHead);
  return serverHead(privatePageHead(url.pathname) ?? { title: SHOP_NAME, description: SHOP_DESCRIPTION });
}

/** Whether the page at `url` is a part's public page for a part we do not sell (the server answers 404). */
export function isMissingPart(queryClient: QueryClient, url: URL): boolean {
  const partNumber = publicPartNumber(url.pathname);
  return partNumber !== undefined && queryClient.getQueryData(publicPartQuery(partNumber).queryKey) === null;
}

/** The head of a part's page (/part/{id}) for a part not on sale, answered 404 (decision 103). */
export const missingPartPage: { head: PageHead; meta: PageMetaProps } = { head: serverHead(partNotFoundHead), meta: partNotFoundHead };

/**
 * The head of a part's page, which is rendered in the browser (it asks visitors to sign in,
 * SPEC §6): its name, description and schema.org offer, for search engines and link previews,
 * as the page renders it. Undefined for a part that is not on sale.
 */
export async function partPageHead(queryClient: QueryClient, id: string): Promise<{ head: PageHead; meta: PageMetaProps } | undefined> {
  const part = await queryClient.fetchQuery(partQuery(id)).catch(() => undefined);
  if (!part) return undefined;
  const meta = partHead(part);
  return { head: serverHead(meta, partImagePreload(part.img, PART_PAGE_IMAGE_SIZES)), meta };
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
