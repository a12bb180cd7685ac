import { formatPrice, isEnded, paths, readQueryWholeNumber, type Part, type PublicPart, type SearchResult } from '@autoparts/shared';
import type { PageMetaProps } from '../components/page-meta';
import { BLOGS_INTRO } from '../content/blogs';
import { SHOP_DESCRIPTION, SHOP_NAME, pageTitle } from '../content/site';
import { absoluteUrl } from './site-url';
import { breadcrumbList, itemList, productData } from './structured-data';

export { homeHead } from './structured-data';

/**
 * Each page's head (decision 102): its title, description, canonical address, whether search
 * engines may index it, and its schema.org data. The pages render it (`PageMeta`); the server
 * renders the same for the pages the browser draws (entry-server.tsx `browserPageHead`).
 */

export const blogsHead: PageMetaProps = {
  title: pageTitle('Blogs'),
  // What the page holds (SPEC §1: answers to interview questions), not what it does not.
  description: BLOGS_INTRO,
  canonicalPath: paths.blogs,
};

export const portfolioHead: PageMetaProps = {
  title: pageTitle('My Portfolio'),
  description: 'The developer behind this shop: skills, projects and how to get in touch.',
  canonicalPath: paths.portfolio,
};

export const notFoundHead: PageMetaProps = {
  title: pageTitle('Page not found'),
  description: 'The page you are looking for does not exist or has moved.',
  noindex: true,
};

/** The pages that show nothing of their own to a search engine: the cart, signing in, the account's pages. */
const privateHeads: Array<[match: (pathname: string) => boolean, head: { page: string; description: string }]> = [
  [(p) => p === paths.cart, { page: 'Your cart', description: 'Your cart: the parts you chose, their prices after quantity breaks, and quick order by part number.' }],
  [(p) => p === paths.login, { page: 'Login', description: `Sign in to ${SHOP_NAME} to order parts, follow your orders and see your company’s prices.` }],
  [(p) => p === paths.signup, { page: 'Sign Up', description: `Open an account with ${SHOP_NAME} to order parts for your workshop, fleet or car.` }],
  [(p) => p === paths.forgotPassword, { page: 'Forgot password', description: 'Ask for a link to choose a new password for your account.' }],
  [(p) => p === paths.resetPassword, { page: 'Choose a new password', description: 'Choose a new password for your account.' }],
  [(p) => p === paths.verifyEmail, { page: 'Verify your e-mail', description: 'Confirm the e-mail address of your account.' }],
  [(p) => p === paths.checkout, { page: 'Checkout', description: 'Your order’s address, shipping and payment.' }],
  [(p) => p === paths.dashboard || p.startsWith(`${paths.dashboard}/`), { page: 'Dashboard', description: 'Your account: orders, payments, returns, addresses and profile.' }],
];

/** A private page's head (no index), or undefined for any other path. */
export function privatePageHead(pathname: string): PageMetaProps | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const head = privateHeads.find(([match]) => match(path))?.[1];
  return head && { title: pageTitle(head.page), description: head.description, noindex: true };
}

/** A private page's head by its path, kept out of the index in any case. */
export const privateHead = (pathname: string): PageMetaProps => privatePageHead(pathname) ?? { title: SHOP_NAME, description: SHOP_DESCRIPTION, noindex: true };

/** A private page's description, by its path (the title is the page's own). */
export const privateDescription = (pathname: string) => privatePageHead(pathname)?.description ?? SHOP_DESCRIPTION;

const SHOP_DESCRIPTION_TEXT = 'Search every part we make by name, part number or OEM number, and filter by category, price, stock and the vehicle it fits.';

/**
 * /shop's head for its search: a category and a page of results are pages of their own (their
 * own canonical and title); a search by words, a price, stock or vehicle filter is not indexed
 * and names the category's (or /shop's) first page as canonical.
 */
export function shopHead(params: Record<string, string>, result: SearchResult | undefined): PageMetaProps {
  const page = readQueryWholeNumber(params.page ?? '1');
  const category = params.category;
  const categoryName = category ? (result?.facets.categories.find((entry) => entry.slug === category)?.name ?? category) : undefined;
  const noindex = Boolean(params.q || params.minPrice || params.maxPrice || params.inStock || params.vehicle);
  const paged = page > 1 && !noindex;
  const canonical = new URLSearchParams({ ...(category ? { category } : {}), ...(paged ? { page: String(page) } : {}) }).toString();
  const base = params.q ? `“${params.q}” in the shop` : categoryName ? `${categoryName} — Shop` : 'Shop';
  return {
    title: pageTitle(Number.isInteger(page) && page > 1 ? `${base}, page ${page}` : base),
    description: categoryName ? `${categoryName}: ${SHOP_DESCRIPTION_TEXT}` : SHOP_DESCRIPTION_TEXT,
    canonicalPath: canonical ? `${paths.shop}?${canonical}` : paths.shop,
    noindex,
    ...(result ? { structuredData: itemList(result.items) } : {}),
  };
}

/**
 * An image a link preview can show, absolute: a PNG, JPEG, WebP or GIF by its extension (an
 * uploaded photo's `img` is its largest WebP); none for an SVG (the demo parts' drawings) or
 * anything else.
 */
export function openGraphImage(src: string | undefined): string | undefined {
  const pathname = src?.trim().split(/[?#]/, 1)[0] ?? '';
  return src && /\.(png|jpe?g|webp|gif)$/i.test(pathname) ? absoluteUrl(src.trim()) : undefined;
}

/** A description for search results: about one line of them (~160 characters). */
function snippet(text: string, length = 160): string {
  return text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`;
}

/** A part's public page: its name, price and description, its offer and breadcrumb; not indexed once no longer made (issue 30). */
export function publicPartHead(part: Omit<PublicPart, 'applications'>): PageMetaProps {
  const fits = part.fitment.length > 0 ? ` Fits ${part.fitment.slice(0, 3).map((group) => `${group.make} ${group.model}`).join(', ')}${part.fitment.length > 3 ? ' and more' : ''}.` : '';
  return {
    title: pageTitle(`${part.name} ${part.partNumber}`),
    description: snippet(`${part.name}, part no. ${part.partNumber}: ${formatPrice(part.price)}.${fits} ${part.description}`),
    canonicalPath: paths.partPage(part.partNumber),
    noindex: isEnded(part.lifecycle.code),
    type: 'product',
    image: openGraphImage(part.img),
    structuredData: [{ '@context': 'https://schema.org', ...productData(part, isEnded(part.lifecycle.code)) }, breadcrumbList(part)],
  };
}

/** A part's public page for no part on sale (answered 404). */
export const partNotFoundHead: PageMetaProps = { title: pageTitle('Part not found'), description: 'This part does not exist or is no longer sold.', noindex: true };

/** A part's signed-in page (/part/{id}): the same part's public page is the one search engines index. */
export function partHead(part: Part & { partNumber: string; lifecycle?: { code: string } }): PageMetaProps {
  return {
    title: pageTitle(part.name),
    description: part.description,
    canonicalPath: paths.partPage(part.partNumber),
    type: 'product',
    image: openGraphImage(part.img),
    structuredData: { '@context': 'https://schema.org', ...productData(part, part.lifecycle !== undefined && isEnded(part.lifecycle.code)) },
  };
}
