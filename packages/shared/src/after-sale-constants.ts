import { formatPrice } from './money';

/**
 * The words of deposits, warranty and the fit promise without zod (as cart-constants.ts is to
 * cart.ts): a part's page shows them, and takes this, not after-sale.ts's schemas.
 */

/** Days after delivery (or shipment, if no delivery was recorded) to ask for a return. */
export const RETURN_WINDOW_DAYS = 30;
/** Days after delivery to send an old core back for its deposit. */
export const CORE_RETURN_WINDOW_DAYS = 90;
/** The longest warranty an admin can set, in months. */
export const WARRANTY_MONTHS_MAX = 240;

/** The largest core deposit an admin can set, in dollars (a remanufactured transmission's core). */
export const CORE_DEPOSIT_MAX = 10_000;

/** What the part pages, the cart, the order and the admin's screens say about deposits, warranty and the fit promise. */
export const partPromiseMessages = {
  coreDeposit: 'Core deposit must be an amount like 45.00',
  coreDepositRange: `Core deposit is from ${formatPrice(0.01)} to ${formatPrice(CORE_DEPOSIT_MAX)}`,
  warrantyMonths: `Warranty is a whole number of months from 1 to ${WARRANTY_MONTHS_MAX}`,
  /** The part page's deposit: what it costs and how it comes back (with the old part, or with this one returned: decision 109). */
  coreDepositNote: (amount: string) =>
    `Core deposit ${amount}, refunded when you send the old part back within ${CORE_RETURN_WINDOW_DAYS} days, or with this part if you return it`,
  coreDepositLine: (partName: string) => `Core deposit: ${partName}`,
  /**
   * The part page's promise, with what the server holds it to (decision 058): the vehicle chosen in
   * My Garage when the order is placed, listed to fit, and a "does not fit" return within the window.
   */
  fitPromise: `Bought for the vehicle chosen in My Garage, which it is listed to fit? If it does not fit, send it back within ${RETURN_WINDOW_DAYS} days: we refund it in full, shipping included.`,
  fitPromiseLine: 'Covered by the fit promise',
  openFitmentReports: (count: number) =>
    count === 1 ? '1 open fitment report: a customer says this part did not fit' : `${count} open fitment reports: customers say this part did not fit`,
  fitmentReportGone: 'That fitment report does not exist',
  fitmentReportClosed: 'That fitment report was already dismissed or acted on',
  reportDismissed: (partNumber: string) => `Report on ${partNumber} dismissed`,
  fitmentRemoved: (partNumber: string, vehicle: string) => `${partNumber} is no longer listed to fit the ${vehicle}`,
  confirmRemoveFitment: (partNumber: string, vehicle: string) => `Stop listing ${partNumber} as fitting the ${vehicle}?`,
} as const;

/**
 * How a core deposit line is named wherever it is listed: its name as the order holds it, which
 * says "Core deposit: {part}" (`coreDepositLine`); a line named otherwise (written before it was
 * so) gets the words in front, so that no list says "core deposit" twice or not at all.
 */
export function depositLineName(name: string): string {
  return /^core deposit/i.test(name) ? name : partPromiseMessages.coreDepositLine(name);
}

/** "2-year warranty", "18-month warranty", "1-month warranty". */
export function warrantyText(months: number): string {
  return months % 12 === 0 ? `${months / 12}-year warranty` : `${months}-month warranty`;
}
