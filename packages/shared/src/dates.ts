let dayFormat: Intl.DateTimeFormat | undefined;

/**
 * A day as the shop writes it to people, on its pages, in its messages and on its PDFs: "Jan 5, 2027"
 * (decisions 136, 151, 155). `day` is a `YYYY-MM-DD` day (a due date, an expiry, a price list's
 * first day) or a moment, whose UTC day is written: the shop's days are UTC days (decision 080).
 * Forms' date inputs and the CSV and XML files keep `YYYY-MM-DD`. The formatter is made on the
 * first call, not when a page's script loads (a first formatter loads the locale's data).
 */
export function formatDay(day: string | Date): string {
  dayFormat ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
  return dayFormat.format(typeof day === 'string' ? new Date(`${day.slice(0, 10)}T00:00:00Z`) : day);
}
