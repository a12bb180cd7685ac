/**
 * What /shop says of a search that brought no parts, or of a sort or stock filter it refuses; not in
 * `catalogueMessages`, which the home page's first script holds (`catalogue-constants.ts`), nor
 * beside the search's schemas (catalogue.ts), whose zod /shop loads only to check a search in the
 * browser (as cart-constants.ts is to cart.ts).
 */
export const searchMessages = {
  /** A search that matched no part. */
  noPartsMatch: 'No parts match this search. Check the spelling, or remove a filter.',
  /** Nothing answers at all (no connection, the server down); the page keeps trying. */
  shopUnreachable: 'We cannot reach the shop: its server is not answering. Check your connection; we keep trying.',
  /** `sort=` none of `searchSorts`: zod's own words named them as code ("Invalid option: expected one of …"). */
  badSort: 'Sort by best match, price or name',
  /** `inStock=` neither true nor false. */
  badInStock: '“In stock only” is either on or off',
};
