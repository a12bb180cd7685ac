/**
 * The query keys that more than one feature reads or refreshes, in one place. Each list has a
 * key of its own (the original shared one between two lists); a key's prefix refreshes
 * everything under it, e.g. `parts` refreshes the list and every part page.
 */
export const queryKeys = {
  config: ['config'],
  parts: ['parts'],
  part: (id: string) => ['parts', 'detail', id],
  /** Every order query: a customer's list and each order's detail. */
  orders: ['orders'],
  myOrders: (email: string) => ['orders', 'mine', email],
  order: (id: string) => ['orders', 'detail', id],
  /** The reviews on the home page (visible ones only). */
  reviews: ['reviews'],
  /**
   * Admin pages. Every part (archived too) sits under `parts` and a page of all orders under
   * `orders`, so a customer's order or cancel refreshes them as well. Data about people sits under
   * `admin` (beside the admin check, `['admin', email]`), which sign-out removes.
   */
  adminParts: ['parts', 'admin'],
  adminOrders: (filters: { status: string; email: string; page: number }) => ['orders', 'admin', filters],
  users: ['admin', 'users'],
  adminReviews: ['admin', 'reviews'],
  audit: ['admin', 'audit'],
  overview: ['admin', 'overview'],
  recentAudit: (limit: number) => ['admin', 'audit', limit],
} as const;
