/**
 * The web app's routes (SPEC §2), in one table that the router and the server both read:
 * the server answers 404 for any path that is none of these.
 */
export const paths = {
  home: '/',
  shop: '/shop',
  cart: '/cart',
  part: (id: string) => `/part/${encodeURIComponent(id)}`,
  /** A part's public page, by its part number as stored. */
  partPage: (partNumber: string) => `/parts/${encodeURIComponent(partNumber)}`,
  dashboard: '/dashboard',
  /** My Orders at a path of its own: an admin's /dashboard is the overview. */
  myOrders: '/dashboard/myorders',
  orderHistory: '/dashboard/history',
  /** One order's page, by its number (`GET /api/orders/by-number/{orderNumber}`): its owner's or an admin's. */
  order: (orderNumber: string) => `/dashboard/orders/${encodeURIComponent(orderNumber)}`,
  review: '/dashboard/review',
  payment: (id: string) => `/dashboard/payment/${encodeURIComponent(id)}`,
  profile: '/dashboard/profile',
  /** The address book */
  addresses: '/dashboard/addresses',
  /** One order of the whole cart: address, shipping, totals */
  checkout: '/checkout',
  changePassword: '/dashboard/password',
  manageOrders: '/dashboard/orders',
  addProduct: '/dashboard/addaproduct',
  makeAdmin: '/dashboard/makeadmin',
  manageProducts: '/dashboard/manageproducts',
  partCatalogue: (id: string) => `/dashboard/manageproducts/${encodeURIComponent(id)}/catalogue`,
  manageReviews: '/dashboard/reviews',
  operations: '/dashboard/operations',
  shippingMethods: '/dashboard/shipping-methods',
  taxRates: '/dashboard/tax-rates',
  /** My Returns: the customer's return requests (RMA) */
  returns: '/dashboard/returns',
  /** The admins' Returns screen and the restocking fee */
  manageReturns: '/dashboard/manage-returns',
  fitmentReports: '/dashboard/fitment-reports',
  /** The audit log: every admin action in words, filtered and paged */
  auditLog: '/dashboard/audit',
  /** A member's Company page (decision 075) */
  company: '/dashboard/company',
  /** The admins' Companies screen */
  manageCompanies: '/dashboard/companies',
  /** The admins' resale certificates, to verify (decision 082) */
  manageCertificates: '/dashboard/certificates',
  /** The admins' price lists: contract prices, and why a company pays what it pays (decision 085) */
  priceLists: '/dashboard/price-lists',
  /** The link of a company's invitation e-mail: accept it (signing in or up first). */
  companyInvitation: (token: string) => `/company/invitations/${encodeURIComponent(token)}`,
  /** Catalogue data: uploads of VCdb, PCdb, ACES, PIES and parts CSV, their reports and history */
  catalogueData: '/dashboard/catalogue-data',
  blogs: '/blogs',
  portfolio: '/portfolio',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
} as const;

/**
 * Return items for one order: My Returns with the order chosen (`?order=`, its id), where a return
 * is asked for. Beside `paths`, not in it, so that only what links there loads it.
 */
export function returnItemsPath(orderId: string): string {
  return `${paths.returns}?order=${encodeURIComponent(orderId)}`;
}

/** Route patterns in React Router's syntax; `:name` is one non-empty path segment. */
export const routePatterns = [
  '/',
  '/shop',
  '/cart',
  '/part/:id',
  '/parts/:partNumber',
  '/dashboard',
  '/dashboard/myorders',
  '/dashboard/history',
  '/dashboard/review',
  '/dashboard/payment/:id',
  '/dashboard/orders/:orderNumber',
  '/dashboard/profile',
  '/dashboard/addresses',
  '/checkout',
  '/dashboard/password',
  '/dashboard/orders',
  '/dashboard/addaproduct',
  '/dashboard/makeadmin',
  '/dashboard/manageproducts',
  '/dashboard/manageproducts/:id/catalogue',
  '/dashboard/reviews',
  '/dashboard/operations',
  '/dashboard/shipping-methods',
  '/dashboard/tax-rates',
  '/dashboard/returns',
  '/dashboard/manage-returns',
  '/dashboard/fitment-reports',
  '/dashboard/audit',
  '/dashboard/company',
  '/dashboard/companies',
  '/dashboard/certificates',
  '/dashboard/price-lists',
  '/company/invitations/:token',
  '/dashboard/catalogue-data',
  '/blogs',
  '/portfolio',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
] as const;

/**
 * The public pages: rendered on the server with their data for everyone, kept by the page cache,
 * and listed in the sitemap. Every other route renders in the browser (a part's page: for its
 * signed-in visitor on the server too). /cart is rendered as its frame: whose cart it is, and
 * what is in it, the browser knows.
 */
export const publicPages: readonly string[] = [paths.home, paths.shop, paths.cart, paths.blogs, paths.portfolio];

/** The public pages a search engine is told of: not the cart, which shows nothing of its own to one. */
export const sitemapPages: readonly string[] = publicPages.filter((page) => page !== paths.cart);

/** The public pages with a parameter: one per part on sale (`paths.partPage`), all in the sitemap. */
export const publicPagePatterns = ['/parts/:partNumber'] as const;

const publicPageMatchers = publicPagePatterns.map((pattern) => new RegExp(`^${pattern.replace(/:[a-z]+/gi, '[^/]+')}/?$`));

/** Whether a URL path is a public page: rendered on the server for everyone and kept by the page cache. */
export function isPublicPage(pathname: string): boolean {
  return publicPages.includes(pathname) || publicPageMatchers.some((matcher) => matcher.test(pathname));
}

const routeMatchers = routePatterns.map(
  (pattern) => new RegExp(`^${pattern.replace(/:[a-z]+/gi, '[^/]+')}/?$`),
);

/** Whether a URL path (no query string) is a route of the web app. */
export function isAppRoute(pathname: string): boolean {
  return routeMatchers.some((matcher) => matcher.test(pathname));
}
