/**
 * After the sale: shipments, returns, core deposits and warranty — the constants and texts the
 * server and the browser share.
 */

import { z } from 'zod';

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

/** Bounds of one shipment's request: as many lines as an order may have, each at most its quantity. */
export const SHIPMENT_LINES_MAX = 100;

export const shipmentMessages = {
  carrier: 'Choose a carrier: UPS, FedEx, USPS, DHL or other.',
  trackingNumber: 'Tracking number must be 6 to 40 letters and digits.',
  notShippable: 'Only paid or partly shipped orders can be shipped.',
  nothingLeft: 'Every line of this order has shipped already.',
  notDeliverable: 'Only a shipped order can be marked delivered.',
  unknownLine: (index: number) => `Line ${index + 1}: this part is not on the order.`,
  tooMany: (index: number, left: number) => `Line ${index + 1}: only ${left} left to ship.`,
  duplicateLine: (index: number) => `Line ${index + 1}: this part is named twice.`,
} as const;

/** `POST /api/admin/order/{id}/ship`: no `lines` ships everything left. */
export const shipOrderSchema = z.object({
  carrier: z.enum(CARRIERS, { error: shipmentMessages.carrier }),
  trackingNumber: z.string({ error: shipmentMessages.trackingNumber }).trim().regex(TRACKING_NUMBER_PATTERN, shipmentMessages.trackingNumber),
  lines: z
    .array(z.object({ partId: z.string().max(64), quantity: z.number().int().positive().max(1_000_000) }))
    .min(1)
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
