/** Business constants of SPEC §9. */
export const PASSWORD_MIN_LENGTH = 6;
export const FEATURED_PRODUCTS_COUNT = 6;
export const RATING_CHOICES = ['1', '2', '2.5', '3', '3.5', '4', '4.5', '5'] as const;
export const BUSINESS_SUMMARY = [
  { figure: '3000+', label: 'Satisfied Customers' },
  { figure: '44000+', label: 'Reviews' },
  { figure: '100+', label: 'Best Quality Parts' },
] as const;
export const NOTIFICATION_DURATION_MS = 5000;
/** How many times the web app's data cache asks again after a read fails (TanStack Query's default). */
export const QUERY_RETRIES = 3;
export const COPYRIGHT_YEAR = 2022;
