/** Money is stored as integer cents and sent as dollars with at most two decimals (DESIGN §5). */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** `$12.50`: prices are shown with a $ prefix (SPEC §9). */
export function formatPrice(dollars: number): string {
  return usd.format(dollars);
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
