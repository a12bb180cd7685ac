/** Money is stored as integer cents and sent as dollars with at most two decimals (DESIGN §5). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** The sum of amounts in dollars, added up in whole cents: a sum of float dollars drifts off the cent. */
export function sumDollars(amounts: Iterable<number>): number {
  let cents = 0;
  for (const dollars of amounts) cents += dollarsToCents(dollars);
  return centsToDollars(cents);
}

/**
 * `$1,234.50`: prices are shown with a $ prefix (SPEC §9), as en-US writes dollars. Written out
 * rather than with `Intl.NumberFormat`: a page's first formatter loads the locale's data, which
 * was nearly all of the app's start-up script on a phone (90 ms of 95 at a 4× slowdown),
 * for two decimals and a comma every three digits. The tests hold it to `Intl`'s output.
 */
export function formatPrice(dollars: number): string {
  const cents = Math.round(Math.abs(dollars) * 100);
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${dollars < 0 && cents > 0 ? '-' : ''}$${whole}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * A price as a person types it: "12.50", "12,50" (a decimal comma), "$12.50", "12", and with
 * thousands separators where they cannot be decimals: "1,000.50", "$1,234,567" (two groups or
 * more). Anything it cannot read for certain — "1,250" (thousands or decimals?), "12.5.0",
 * "twelve" — is undefined, so the form asks again instead of guessing a price a thousand times off.
 */
export function parseMoneyText(text: string): number | undefined {
  const trimmed = text.trim();
  // Thousands separators: commas every three digits, with a decimal point after them, or in two
  // groups or more ("1,250" alone stays refused: it is as likely one and a quarter).
  const grouped = /^(-?)\$?\s*(\d{1,3}(?:,\d{3})+)(?:\.(\d+))?$/.exec(trimmed);
  if (grouped) {
    const [, sign, whole = '', decimals] = grouped;
    const digits = whole.replaceAll(',', '');
    if (decimals === undefined && whole.split(',').length < 3) return undefined;
    return digits.length > 12 ? undefined : Number(`${sign}${digits}.${decimals ?? '0'}`);
  }
  // A decimal point may carry any decimals (the schema then says "at most two"); a decimal
  // comma only one or two, since "1,250" is as likely a thousands separator.
  const match = /^(-?)\$?\s*(\d{1,12})(?:\.(\d+)|,(\d{1,2}))?$/.exec(trimmed);
  if (!match) return undefined;
  const [, sign, whole, pointDecimals, commaDecimals] = match;
  return Number(`${sign}${whole}.${pointDecimals ?? commaDecimals ?? '0'}`);
}

/** The one currency the shop sells in, as Stripe names it. */
export const SHOP_CURRENCY = 'usd';

/**
 * Whether a payment the provider reports (`amountCents` in `currency`, as Stripe's `amount_total`
 * and `currency`) pays `totalCents` exactly: another amount, or none named, pays nothing.
 */
export function paidInFull(payment: { amountCents: number | null | undefined; currency: string | null | undefined }, totalCents: number): boolean {
  return payment.amountCents === totalCents && payment.currency?.toLowerCase() === SHOP_CURRENCY;
}
