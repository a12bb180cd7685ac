/**
 * The query keys that more than one feature reads or refreshes, in one place. Each list has a
 * key of its own (the original shared one between two lists); a key's prefix refreshes
 * everything under it, e.g. `parts` refreshes the list and every part page.
 */
export const queryKeys = {
  config: ['config'],
  parts: ['parts'],
  part: (id: string) => ['parts', 'detail', id],
  /** A part's public page, by its number (under `parts`, so an admin's change refreshes it). */
  publicPart: (partNumber: string) => ['parts', 'public', partNumber],
  /** Every order query: a customer's list and each order's detail. */
  orders: ['orders'],
  myOrders: (email: string) => ['orders', 'mine', email],
  /** The customer's cancelled and expired orders (a cancel refreshes it with the rest). */
  orderHistory: (email: string) => ['orders', 'history', email],
  order: (id: string) => ['orders', 'detail', id],
  /** One order's page, by its number. */
  orderByNumber: (orderNumber: string) => ['orders', 'number', orderNumber],
  /** The reviews on the home page (visible ones only). */
  reviews: ['reviews'],
  /** A signed-in customer's garage (sign-out removes it with the rest of the user's data). */
  garage: ['garage'],
  /** A signed-in customer's address book (sign-out removes it too). */
  addresses: ['addresses'],
  /** A member's company, its members, locations and orders (sign-out removes them too). */
  company: ['company'],
  /** The checkout's quote for a destination (an address or a company location) and a shipping method (a cart change refreshes it). */
  checkoutQuote: (destination: string, shippingMethodId: string | null) => ['checkout', 'quote', destination, shippingMethodId],
  /** The signed-in customer's cart (the header's count too); a visitor's priced cart under it. */
  cart: ['cart'],
  /** The catalogue's public lists: search pages, vehicles, fitment. */
  search: (params: Record<string, string>) => ['parts', 'search', params],
  categories: ['categories'],
  vehicleYears: ['vehicles', 'years'],
  vehicleMakes: (year: number) => ['vehicles', 'makes', year],
  vehicleModels: (year: number, make: string) => ['vehicles', 'models', year, make],
  vehicleOptions: (year: number, make: string, model: string) => ['vehicles', 'options', year, make, model],
  vehicleApplications: (vehicleId: string, partIds: string[]) => ['parts', 'applications', vehicleId, partIds],
  fitment: (partId: string) => ['parts', 'fitment', partId],
  /**
   * Admin pages. Every part (archived too) sits under `parts` and a page of all orders under
   * `orders`, so a customer's order or cancel refreshes them as well. Data about people sits under
   * `admin` (beside the admin check, `['admin', email]`), which sign-out removes.
   */
  adminParts: ['parts', 'admin'],
  adminCatalogue: (id: string) => ['parts', 'admin', 'catalogue', id],
  adminOrders: (filters: { status: string; email: string; page: number }) => ['orders', 'admin', filters],
  users: ['admin', 'users'],
  adminReviews: ['admin', 'reviews'],
  audit: ['admin', 'audit'],
  overview: ['admin', 'overview'],
  operations: ['admin', 'operations'],
  auditLog: (search: string) => ['admin', 'audit', 'log', search],
  auditActors: ['admin', 'audit', 'actors'],
} as const;

/**
 * The queries whose answers carry prices. A member of a company with a price list is priced apart
 * from everyone else (decision 080), so these are dropped and asked again whenever the signed-in
 * account changes (`forgetPricesOnViewerChange`, lib/me.ts).
 */
/**
 * The queries that hold one account's own data: dropped when its session ends, by Sign Out or
 * found ended (`forgetPricesOnViewerChange`, lib/me.ts), so that the next person at this browser
 * never sees them. Admin data about people sits under `admin`.
 */
export const privateQueryRoots: readonly (readonly string[])[] = [
  ['admin'],
  queryKeys.orders,
  queryKeys.garage,
  queryKeys.addresses,
  queryKeys.company,
  queryKeys.cart,
  ['profile'],
];

export const pricedQueryRoots: readonly (readonly string[])[] = [queryKeys.parts, queryKeys.cart, ['checkout']];
