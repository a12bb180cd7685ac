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
