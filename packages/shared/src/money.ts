/** Money is stored as integer cents and sent as dollars with at most two decimals (DESIGN §5). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
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
 * A price as a person types it: "12.50", "12,50" (a decimal comma), "$12.50", "12". Anything it
 * cannot read for certain — "1,250" (thousands or decimals?), "12.5.0", "twelve" — is undefined,
 * so the form asks again instead of guessing a price a hundred times too high.
 */
export function parseMoneyText(text: string): number | undefined {
  // A decimal point may carry any decimals (the schema then says "at most two"); a decimal
  // comma only one or two, since "1,250" is as likely a thousands separator.
  const match = /^(-?)\$?\s*(\d{1,12})(?:\.(\d+)|,(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const [, sign, whole, pointDecimals, commaDecimals] = match;
  return Number(`${sign}${whole}.${pointDecimals ?? commaDecimals ?? '0'}`);
}
