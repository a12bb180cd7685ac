/**
 * After the sale: shipments, returns, core deposits and warranty — the constants and texts the
 * server and the browser share.
 */

export const CARRIERS = ['ups', 'fedex', 'usps', 'dhl', 'other'] as const;
export type CarrierCode = (typeof CARRIERS)[number];

export const carrierNames: Record<CarrierCode, string> = { ups: 'UPS', fedex: 'FedEx', usps: 'USPS', dhl: 'DHL', other: 'Other carrier' };

/** A tracking number as carriers print them: letters and digits, 6 to 40. */
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9]{6,40}$/;

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

/** The reasons for which the shop is at fault: the refund includes the lines' share of shipping. */
export const SHOP_AT_FAULT_REASONS: readonly ReturnReasonCode[] = ['defective', 'damaged-in-transit', 'wrong-part-sent'];

export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'received', 'refunded', 'replaced'] as const;
export type ReturnStatusCode = (typeof RETURN_STATUSES)[number];

/** Days after delivery (or shipment, if no delivery was recorded) to ask for a return. */
export const RETURN_WINDOW_DAYS = 30;
/** Days after delivery to send an old core back for its deposit. */
export const CORE_RETURN_WINDOW_DAYS = 90;
export const RETURN_NOTE_MAX_LENGTH = 1000;
export const REJECTION_REASON_MAX_LENGTH = 500;
export const WARRANTY_MONTHS_MAX = 240;
