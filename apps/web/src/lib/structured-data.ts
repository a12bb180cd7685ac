import { paths, type Part, type PublicPart, dollarsToDecimalText, inStockToOrder } from '@autoparts/shared';
import type { PageMetaProps } from '../components/page-meta';
import { SHOP_DESCRIPTION, SHOP_NAME } from '../content/site';
import { absoluteUrl } from './site-url';

/*
 * schema.org data of the pages (JSON-LD), and the home page's head: apart from lib/page-heads.ts,
 * as the home page's script carries these and nothing else of it (its budget, decision 029).
 */

export const homeHead = (parts?: Array<Part & { partNumber?: string }>): PageMetaProps => ({
  title: `${SHOP_NAME} — parts for hundreds of vehicles`,
  description: SHOP_DESCRIPTION,
  canonicalPath: paths.home,
  ...(parts ? { structuredData: itemList(parts) } : {}),
});

/** A part's address for search engines: its public page, or (without its number) the signed-in page. */
const productPath = (part: Part & { partNumber?: string }) => (part.partNumber ? paths.partPage(part.partNumber) : paths.part(part._id));

/**
 * schema.org `Product` with its `Offer`, for search engines (prices in dollars, as the API sends
 * them: a unit's at the minimum order, which `eligibleQuantity` names when above 1); a part no longer made (`ended`: life cycle 8, 9) is offered as Discontinued, and one
 * whose stock does not hold its minimum order as out of stock, as its page and card say
 * (`inStockToOrder`); its GTIN when it has one; its brand is ours (we make every part we sell).
 */
export function productData(part: Part & { partNumber?: string; gtin?: string | null }, ended = false) {
  const availability = ended ? 'Discontinued' : inStockToOrder(part) ? 'InStock' : 'OutOfStock';
  return {
    '@type': 'Product',
    name: part.name,
    description: part.description,
    image: absoluteUrl(part.img),
    brand: { '@type': 'Brand', name: SHOP_NAME },
    ...(part.partNumber ? { sku: part.partNumber, mpn: part.partNumber } : {}),
    ...(part.gtin ? { gtin: part.gtin } : {}),
    url: absoluteUrl(productPath(part)),
    offers: {
      '@type': 'Offer',
      price: dollarsToDecimalText(part.price),
      priceCurrency: 'USD',
      // The price is that of the minimum order (decision 224): from how many units it holds.
      ...(part.minOrderQuantity > 1 ? { eligibleQuantity: { '@type': 'QuantitativeValue', minValue: part.minOrderQuantity, unitCode: 'C62' } } : {}),
      availability: `https://schema.org/${availability}`,
      url: absoluteUrl(productPath(part)),
    },
  };
}

/** A list of parts; a search item no longer made (`noLongerMade`, which /shop still finds) offered as Discontinued. */
export function itemList(parts: Array<Part & { partNumber?: string; noLongerMade?: boolean }>) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: parts.map((part, index) => ({ '@type': 'ListItem', position: index + 1, item: productData(part, part.noLongerMade === true) })),
  };
}

/** The part page's breadcrumb as schema.org has it: Shop / its category / the part, as the page shows it. */
export function breadcrumbList(part: Omit<PublicPart, 'applications'>) {
  const crumbs: Array<[name: string, path: string]> = [
    ['Shop', paths.shop],
    ...(part.category ? [[part.category.name, `${paths.shop}?${new URLSearchParams({ category: part.category.slug }).toString()}`] as [string, string]] : []),
    [part.partNumber, paths.partPage(part.partNumber)],
  ];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map(([name, path], index) => ({ '@type': 'ListItem', position: index + 1, name, item: absoluteUrl(path) })),
  };
}

