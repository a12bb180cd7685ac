import { z } from 'zod';
import { CORE_DEPOSIT_MAX, partPromiseMessages, WARRANTY_MONTHS_MAX } from './after-sale-constants';
import { formatDay } from './dates';
import { formatCents, parseMoneyText } from './money';

/**
 * After the sale: shipments, returns, core deposits and warranty — the constants and texts the
 * server and the browser share.
 */

export const CARRIERS = ['ups', 'fedex', 'usps', 'dhl', 'other'] as const;
export type CarrierCode = (typeof CARRIERS)[number];

export const carrierNames: Record<CarrierCode, string> = { ups: 'UPS', fedex: 'FedEx', usps: 'USPS', dhl: 'DHL', other: 'Other carrier' };

/** A tracking number as it is kept: letters and digits, 6 to 40. */
const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9]{6,40}$/;

/** How each carrier prints its numbers: the lengths of the groups, for the lengths it issues. */
const trackingGroups: Partial<Record<CarrierCode, Record<number, readonly number[]>>> = {
  // 1Z 999 AA1 01 2345 6784
  ups: { 18: [2, 3, 3, 2, 4, 4] },
  // 1234 5678 9012 (and 15 or 20 digits in fours)
  fedex: { 12: [4, 4, 4], 15: [4, 4, 4, 3], 20: [4, 4, 4, 4, 4] },
  // 9400 1118 9922 3000 0000 00
  usps: { 20: [4, 4, 4, 4, 4], 22: [4, 4, 4, 4, 4, 2], 26: [4, 4, 4, 4, 4, 4, 2] },
  // 12 3456 7890
  dhl: { 10: [2, 4, 4] },
};

/**
 * A tracking number as its carrier prints it on the label, in groups ("1Z 999 AA1 01 2345 6784");
 * a number of a length the carrier does not issue, or of another carrier, as it was typed.
 */
export function formatTrackingNumber(carrier: CarrierCode, trackingNumber: string): string {
  const groups = trackingGroups[carrier]?.[trackingNumber.length];
  if (!groups) return trackingNumber;
  let start = 0;
  return groups
    .map((length) => {
      const group = trackingNumber.slice(start, start + length);
      start += length;
      return group;
    })
    .join(' ');
}

/** The carrier's own tracking page for a parcel; none for an unknown carrier. */
export function trackingUrl(carrier: CarrierCode, trackingNumber: string): string | null {
  const number = encodeURIComponent(trackingNumber);
  switch (carrier) {
    case 'ups':
      return `https://www.ups.com/track?tracknum=${number}`;
    case 'fedex':
      return `https://www.fedex.com/fedextrack/?trknbr=${number}`;
    case 'usps':
      return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`;
    case 'dhl':
      return `https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=${number}`;
    case 'other':
      return null;
  }
}

/** Why a customer sends lines back. `core` returns an old core for its deposit; `warranty` is a claim. */
export const RETURN_REASONS = ['does-not-fit', 'defective', 'damaged-in-transit', 'wrong-part-sent', 'no-longer-needed', 'core', 'warranty'] as const;
export type ReturnReasonCode = (typeof RETURN_REASONS)[number];

export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'refunded', 'replaced'] as const;
export type ReturnStatusCode = (typeof RETURN_STATUSES)[number];

export const RETURN_NOTE_MAX_LENGTH = 1000;
export const REJECTION_REASON_MAX_LENGTH = 500;

/** Bounds of one shipment's request: as many lines as an order may have, each at most its quantity. */
export const SHIPMENT_LINES_MAX = 100;

export const shipmentMessages = {
  carrier: 'Choose a carrier: UPS, FedEx, USPS, DHL or other.',
  trackingNumber: 'Tracking number must be 6 to 40 letters and digits (spaces and dashes are fine).',
  notShippable: 'Only paid or partly shipped orders can be shipped.',
  noUnits: 'Choose at least one unit to ship.',
  /** A line of a parcel whose quantity is no whole number of units from 1 up. */
  lineQuantity: 'Each line ships a whole number of units, 1 or more.',
  nothingLeft: 'Every line of this order has shipped already.',
  notDeliverable: 'Only a shipped order can be marked delivered.',
  unknownLine: (index: number) => `Line ${index + 1}: this part is not on the order.`,
  tooMany: (index: number, left: number) => `Line ${index + 1}: only ${left} left to ship.`,
  duplicateLine: (index: number) => `Line ${index + 1}: this part is named twice.`,
  /** A parcel's tracking number already on this order: the same parcel sent twice (a double click, a retry). */
  trackingTaken: 'This order already has a parcel with this tracking number: it was recorded once.',
  /** Which parcel a tracking link follows, after its "Track parcel": "UPS 1Z 999 AA1 01 2345 6784". */
  parcelName: (carrier: CarrierCode, trackingNumber: string) => `${carrierNames[carrier]} ${formatTrackingNumber(carrier, trackingNumber)}`,
  /**
   * Under a line of an order shipped in part (decision 192): how many of its units went, and what
   * became of the rest: still to come while the order is partly shipped, cancelled once its rest was.
   */
  lineShipped: (shipped: number, left: number, restCancelled: boolean) =>
    left === 0 ? `${shipped} shipped` : `${shipped} shipped, ${left} ${restCancelled ? 'cancelled (not shipped)' : 'still to come'}`,
} as const;

/**
 * A tracking number typed as carriers print it ("1Z 999 AA1 01 2345 6784", "9400-1000-0000-..."),
 * kept without its spaces and dashes.
 */
export const trackingNumberSchema = z
  .string({ error: shipmentMessages.trackingNumber })
  .transform((typed) => typed.replace(/[\s-]+/g, ''))
  .pipe(z.string().regex(TRACKING_NUMBER_PATTERN, shipmentMessages.trackingNumber));

/** `POST /api/admin/order/{id}/ship`: no `lines` ships everything left. */
export const shipOrderSchema = z.object({
  carrier: z.enum(CARRIERS, { error: shipmentMessages.carrier }),
  trackingNumber: trackingNumberSchema,
  lines: z
    .array(
      z.object({
        partId: z.string().max(64),
        quantity: z.number({ error: shipmentMessages.lineQuantity }).int(shipmentMessages.lineQuantity).positive(shipmentMessages.lineQuantity).max(1_000_000),
      }),
    )
    // A parcel of nothing: the ship form's own words for it (decision 166).
    .min(1, shipmentMessages.noUnits)
    .max(SHIPMENT_LINES_MAX)
    .optional(),
});
export type ShipOrderInput = z.infer<typeof shipOrderSchema>;

export const shipReplySchema = z.object({
  modifiedCount: z.number().int(),
  shipmentId: z.string().optional(),
  status: z.string().optional(),
});

/** One parcel of an order: what it carried and where to follow it. */
export const shipmentSchema = z.object({
  id: z.string(),
  carrier: z.enum(CARRIERS),
  trackingNumber: z.string(),
  trackingUrl: z.string().nullable(),
  shippedAt: z.string(),
  lines: z.array(z.object({ partId: z.string(), partNumber: z.string(), name: z.string(), quantity: z.number().int() })),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/** What happened to an order, oldest first, for the customer's order page. */
export const timelineEventSchema = z.object({
  kind: z.enum(['placed', 'paid', 'shipment', 'delivered', 'cancelled', 'return', 'refund']),
  at: z.string(),
  label: z.string(),
  /** A shipment's tracking page. */
  url: z.string().nullable(),
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;

/**
 * The timeline's words for a credit note (decision 192): `amount` as the shop writes money. A
 * card's refund is "Refunded", an order on account's "Credited to account" (decision 081); the
 * credit note of a partly shipped order's cancelled rest says the rest was cancelled, not only
 * that money went back.
 */
export const timelineMessages = {
  refunded: (amount: string, creditNote: string, onAccount: boolean) =>
    `${onAccount ? 'Credited to account' : 'Refunded'} ${amount} (credit note ${creditNote})`,
  restCancelled: (amount: string, creditNote: string, onAccount: boolean) =>
    `The unshipped rest cancelled and ${onAccount ? 'credited to account' : 'refunded'} ${amount} (credit note ${creditNote})`,
  /** A rest worth $0.00 (a free line, a contract's 100 % off): no credit note, nothing paid back (decision 198). */
  restCancelledNothingToRefund: `The unshipped rest cancelled; it cost ${formatCents(0)}, so there is nothing to refund`,
} as const;
/**
 * When a part's warranty ends: `months` after its clock started (delivery, else its last
 * shipment), counted in UTC as the server checks a claim: the same day of the month, at the same
 * time, or that month's last day when it has no such day (Jan 31 + 1 month is Feb 28, or 29;
 * decision 203).
 */
export function warrantyEnds(since: Date, months: number): Date {
  const end = new Date(since);
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(since.getUTCDate(), lastDay));
  return end;
}

/**
 * What the return form says of a line's warranty: "Under warranty until Mar 2, 2027" (or that it
 * ended), its day as the shop writes days (`formatDay`, decision 155), as the windows beside it are.
 */
export function warrantyUntilText(until: string, now = new Date()): string {
  const date = formatDay(new Date(until));
  return new Date(until) >= now ? `Under warranty until ${date}` : `Warranty ended on ${date}`;
}

/**
 * `coreDeposit` as an admin types it ("45", "45.00") or sends it, in dollars; null or an empty
 * field removes it. `warrantyMonths`: whole months, 1 to 240; null or empty removes it.
 */
export const coreDepositInputSchema = z.preprocess(
  (value) => (typeof value === 'string' ? (value.trim() === '' ? null : (parseMoneyText(value) ?? Number.NaN)) : value),
  z
    .number({ error: partPromiseMessages.coreDeposit })
    .min(0.01, partPromiseMessages.coreDepositMin)
    .max(CORE_DEPOSIT_MAX, partPromiseMessages.coreDepositMax)
    .multipleOf(0.01, partPromiseMessages.coreDeposit)
    .nullable(),
);
export const warrantyMonthsInputSchema = z.preprocess(
  (value) => (typeof value === 'string' ? (value.trim() === '' ? null : Number(value.trim())) : value),
  z
    .number({ error: partPromiseMessages.warrantyMonths })
    .int(partPromiseMessages.warrantyMonths)
    .min(1, partPromiseMessages.warrantyMonths)
    .max(WARRANTY_MONTHS_MAX, partPromiseMessages.warrantyMonths)
    .nullable(),
);

/** What a part's pages and the admin's lists say about its deposit (dollars) and warranty (months); null: none. */
export const partAfterSaleSchema = z.object({ coreDeposit: z.number().nullable(), warrantyMonths: z.number().int().nullable() });

/** A line of the cart, the quote or an order: a part, or the core deposit of the part line before it. */
export const LINE_KINDS = ['part', 'core-deposit'] as const;
export const lineKindSchema = z.enum(LINE_KINDS);
export type LineKind = (typeof LINE_KINDS)[number];

/**
 * The items of an order or a cart: its part lines. A core deposit is charged with its part, not an
 * item of its own: it is not counted in "+ N more" nor offered for return (issue 34.20).
 */
export function itemLines<Line extends { kind: LineKind }>(lines: readonly Line[]): Line[] {
  return lines.filter((line) => line.kind === 'part');
}

/** `GET /api/admin/fitment-reports`: open reports first, then the latest closed ones. */
export const FITMENT_REPORT_STATUSES = ['open', 'dismissed', 'fitment-removed'] as const;
export const fitmentReportSchema = z.object({
  id: z.string(),
  status: z.enum(FITMENT_REPORT_STATUSES),
  part: z.object({ _id: z.string(), partNumber: z.string(), name: z.string() }),
  vehicle: z.object({ _id: z.string(), year: z.number().int(), make: z.string(), model: z.string(), engine: z.string() }),
  note: z.string(),
  /** The return that opened it, with its RMA number; null when none (or it is gone). */
  return: z.object({ id: z.string(), rmaNumber: z.string() }).nullable(),
  /** Whether the part is still listed as fitting the vehicle. */
  fitmentListed: z.boolean(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type FitmentReport = z.infer<typeof fitmentReportSchema>;
export const fitmentReportListSchema = z.object({ reports: z.array(fitmentReportSchema) });
export type FitmentReportList = z.infer<typeof fitmentReportListSchema>;
export const fitmentReportParamsSchema = z.object({ id: z.string() });
/** How many reports the list shows: every open one, and at most this many closed. */
export const FITMENT_REPORTS_CLOSED_SHOWN = 50;
