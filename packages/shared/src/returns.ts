import { z } from 'zod';
import { queryWholeNumber, withoutDirectionControls } from './form-fields';
import { groupedNumber } from './text';
import { formatDocumentNumber } from './invoices';
import { PAYMENT_METHODS } from './ledger';
import { REJECTION_REASON_MAX_LENGTH, RETURN_NOTE_MAX_LENGTH, RETURN_REASONS, RETURN_STATUSES, type ReturnReasonCode, type ReturnStatusCode } from './after-sale';
import { CORE_RETURN_WINDOW_DAYS, RETURN_WINDOW_DAYS } from './after-sale-constants';
import { hasShippedAll } from './order-process';
import type { Order } from './orders';
import { OPEN_RETURN_STATUSES, UNITS_HELD_RETURN_STATUSES } from './return-process';

/**
 * Returns (RMA): what a customer asks to send back and what admins decide — the schemas, the
 * RMA number as people read it, and every message, shared by the server and the browser.
 */

/** An RMA number as e-mails and screens show it: "RMA-000123". */
export function formatRmaNumber(number: number | string): string {
  return formatDocumentNumber('rma', number);
}

/** How the shop names a return's status (one of RETURN_STATUSES), to customers and admins alike. */
export const returnStatusLabels: Record<ReturnStatusCode, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  received: 'Received',
  refunded: 'Refunded',
  replaced: 'Replaced',
};

export const returnReasonLabels: Record<ReturnReasonCode, string> = {
  'does-not-fit': 'Does not fit my vehicle',
  defective: 'Defective',
  'damaged-in-transit': 'Damaged in transit',
  'wrong-part-sent': 'Wrong part sent',
  'no-longer-needed': 'No longer needed',
  core: 'Returning the old core (deposit)',
  warranty: 'Warranty claim',
};

export const returnMessages = {
  /** Two reasons for one part in one request (its core aside): one open return per line. */
  partTwice: 'Give each part one reason in a request (its old core may go back beside it).',
  /** On an admin's received return whose refund did not go through (the payment service failed). */
  refundNotThrough: 'Received, but the refund has not gone through yet (the payment service failed). Try it again.',
  /** The order a "Return items" link named cannot be returned (not shipped, or cancelled); one not among theirs is "Order not found" (decision 156). */
  linkedNotReturnable: 'The order you came from cannot be returned: only shipped orders can. Choose another below.',
  returnNotFound: 'Return not found.',
  lineNotOnOrder: 'That part is not on this order.',
  notShipped: 'Only shipped parts can be returned.',
  windowClosed: 'The 30-day return window for this order has closed.',
  coreWindowClosed: 'The 90-day window to return this core has closed.',
  noCoreDeposit: 'This part carried no core deposit on this order.',
  /** A core return of units whose part came back already: their deposits were refunded with them (decision 109). */
  depositWentBackWithPart: 'The deposit on these parts was refunded when the parts themselves came back: there is no core of them to send.',
  noWarranty: 'This part has no warranty.',
  warrantyExpired: 'The warranty on this part has expired.',
  warrantyNeedsNote: 'A warranty claim needs a note saying what is wrong.',
  alreadyRequested: 'A return of this part is already open.',
  /** On the return form, a line with an open return of the part itself: not offered again (decision 130). */
  alreadyBeingReturned: (rma: string) => `Already being returned (${rma}).`,
  /** On the return form, a line whose units have all gone back (or are going back) already: not offered again (decision 156). */
  returnedInFull: (rmas: string) => `Already returned in full (${rmas}).`,
  /** On the return form, a line some of whose units went back already: how many may still go (decision 156). */
  partReturned: (left: number) => `${left} may still be returned.`,
  /** On the return form, a line of a partly shipped order none of which has shipped yet (decision 156). */
  lineNotShippedYet: 'Not shipped yet: it can be returned once it has.',
  /** On the return form, a line whose 30-day window closed (`day` as `formatDay` writes it): only a warranty claim or its core may still go (decision 164). */
  windowClosedOn: (day: string) => `Its ${RETURN_WINDOW_DAYS}-day return window closed on ${day}.`,
  /** On the return form, a line whose old core's window closed (decision 164). */
  coreWindowClosedOn: (day: string) => `The ${CORE_RETURN_WINDOW_DAYS}-day window to send its old core back closed on ${day}.`,
  /** On the return form, a line whose old core is being returned: the core is not offered again (decision 130). */
  coreAlreadyBeingReturned: (rma: string) => `Its old core is already being returned (${rma}).`,
  tooMany: 'That is more than you can return of this part.',
  /** A line's quantity that is no whole number of at least one (1.5, 0, -2). */
  quantityWhole: 'Return a whole number of each part, at least 1.',
  photoNotFound: 'Photo not found.',
  notApprovable: 'Only a requested return can be approved.',
  notRejectable: 'Only a requested return can be rejected.',
  /** Reject… with no reason (spaces only): the customer is told why. */
  rejectionReasonNeeded: 'Say why the return is rejected: the customer reads it.',
  /** The restocking fee empty, or not a percentage from 0 to 100 (Returns' form and `PUT /admin/settings`). */
  restockingFeeRange: 'The restocking fee is a percentage from 0 to 100.',
  notReceivable: 'Only an approved return can be received.',
  refundOverPaid: 'This refund would take the order’s refunds past what was paid; it was not made.',
  resolutionNeeded: 'A warranty claim is approved with a replacement or a refund.',
  receiveLinesMismatch: 'Receive exactly the return’s lines and quantities.',
  outOfStock: 'Not enough stock for a replacement.',
  /** The cancel e-mail of a warranty replacement the shop cancelled: its claim is to be decided again (decision 110). */
  claimOpenAgain: (rma: string) => `This was the free replacement for your warranty claim ${rma}. The claim is open again: we will e-mail you once we have decided on it.`,
  reasonNeeded: 'Choose a reason for each part to send back.',
  /** "Request the return" pressed with no part chosen: said at the first part's How many (decision 227). */
  partNeeded: 'Choose how many of a part to send back.',
  /** Pressed when every line of the order is being returned, returned or past its windows: each line says why. */
  nothingToReturn: 'Nothing of this order can be sent back now: each part says why.',
  /** A reason code the shop does not have (the form offers only its own): said at the reason, not as "This request is not valid." (decision 220). */
  reasonUnknown: 'Choose a reason for the return from the list.',
  noteTooLong: `A note has at most ${groupedNumber(RETURN_NOTE_MAX_LENGTH)} characters.`,
  /** Receive and refund: a line's action other than restock or scrap (decision 220). */
  receiveAction: 'Each line received is restocked or scrapped.',
  /**
   * The return form, on a part line that carried a core deposit: returning the part itself refunds
   * its deposit with it; the old part the new one replaced goes back on this line with the core reason (decision 109).
   */
  coreOnThisLine: (deposit: string) =>
    `Core deposit ${deposit} a unit. Returning this part refunds its deposit with it. Fitted it? Send the old part it replaced with the reason “${returnReasonLabels.core}” to get the deposit back.`,
  /**
   * The return form, on a line bought for a vehicle it is listed to fit (the order page's "Covered
   * by the fit promise"): what its "does not fit" return gets, said before it is asked for.
   */
  fitPromiseOnThisLine: `Covered by the fit promise: sent back as “${returnReasonLabels['does-not-fit']}”, it is approved at once and refunded in full, with its share of the shipping.`,
  /**
   * A return received that gives nothing back: its parts cost nothing (a free warranty replacement's)
   * or what was paid for them has all been given back already. Its e-mail and its card say so, not
   * "refunded to the card".
   */
  receivedNothingToRefund:
    'We have received your return. There is nothing to refund for it: these parts were sent at no charge, or what was paid for them has been given back already.',
  /** The refund of such a return, on its card and in its e-mail. */
  nothingToRefund: 'None',
  /** Under a requested return's instructions: the customer's mail says them too. */
  sentByEmailToo: 'We have sent you this by e-mail too.',
  /**
   * A request not approved at once (outside the fit promise): nothing is to be sent before the
   * approval, which may be a rejection (decision 057).
   */
  waitForApproval:
    'Please do not send anything yet: we will e-mail you when the return is approved, with where to send the parts and what to write on the parcel.',
  /** `sendTo`: the shop's returns address (`SHOP_RETURNS_ADDRESS`, else `SHOP_ADDRESS`). Said once a return is approved. */
  /**
   * The return form, on a line sent back as "no longer needed" while the shop keeps a restocking
   * fee (`percent` as formatPercent writes it): said before the request is sent.
   */
  restockingFee: (percent: string) => `A restocking fee of ${percent} of the price is kept from the refund of a part no longer needed.`,
  whatToDo: (rma: string, sendTo: string) =>
    `Write ${rma} on the parcel, pack the parts with everything they came with, and send them to ${sendTo}. We refund you once we have received them.`,
  /** Asked before an admin's Approve (a refund to come): the customer is told to send the parts, and receiving them refunds them. */
  confirmApprove: (rma: string) => `Approve ${rma}? The customer is e-mailed to send the parts back, and receiving them refunds the customer.`,
  /** Asked before a warranty claim is approved with a replacement: a free order is made at once, from stock. */
  confirmReplace: (rma: string) => `Approve ${rma} with a replacement? A free replacement order is made at once from stock, and the customer is e-mailed.`,
  /** Asked before Receive and refund: the refund (`amount` as formatPrice writes it, when its preview has loaded) is made at once. */
  confirmReceive: (rma: string, amount: string | undefined) =>
    `Receive the parts of ${rma} and refund ${amount ?? 'the customer'}? The refund is made at once.`,
} as const;

/** Most lines one request may name: an order never has more. */
export const RETURN_LINES_MAX = 100;

export const returnLineInputSchema = z.object({
  partId: z.string().min(1).max(64),
  quantity: z.number(returnMessages.quantityWhole).int(returnMessages.quantityWhole).min(1, returnMessages.quantityWhole).max(100_000, returnMessages.tooMany),
  /** This line's reason; without one, the request's. */
  reason: z.enum(RETURN_REASONS, returnMessages.reasonUnknown).optional(),
});

/**
 * `POST /returns`: lines with a reason each (or one `reason` for all). Lines of one reason make
 * one RMA; a request of two reasons makes two, in one transaction (decision 066).
 */
export const createReturnSchema = z
  .object({
    orderId: z.string().min(1).max(64),
    lines: z.array(returnLineInputSchema).min(1).max(RETURN_LINES_MAX),
    reason: z.enum(RETURN_REASONS, returnMessages.reasonUnknown).optional(),
    note: withoutDirectionControls(z.string().trim().max(RETURN_NOTE_MAX_LENGTH, returnMessages.noteTooLong), 'Note').optional(),
    /** A warranty claim's photo: an image id uploaded as product photos are. */
    photo: z.string().min(1).max(64).optional(),
  })
  .refine((input) => input.reason !== undefined || input.lines.every((line) => line.reason !== undefined), {
    message: returnMessages.reasonNeeded,
    path: ['lines'],
  })
  .refine(
    (input) => {
      const parts = input.lines.filter((line) => (line.reason ?? input.reason) !== 'core').map((line) => line.partId);
      return new Set(parts).size === parts.length;
    },
    { message: returnMessages.partTwice, path: ['lines'] },
  )
  // What is wrong with a part under warranty is the claim: the form says so at the Note before sending.
  .refine((input) => !input.lines.some((line) => (line.reason ?? input.reason) === 'warranty') || Boolean(input.note), {
    message: returnMessages.warrantyNeedsNote,
    path: ['note'],
  });
export type CreateReturn = z.infer<typeof createReturnSchema>;

/** The request's lines grouped by reason, in the order first named: one RMA each. */
export function linesByReason(input: Pick<CreateReturn, 'lines' | 'reason'>): Map<ReturnReasonCode, CreateReturn['lines']> {
  const groups = new Map<ReturnReasonCode, CreateReturn['lines']>();
  for (const line of input.lines) {
    const reason = line.reason ?? input.reason;
    if (!reason) continue;
    groups.set(reason, [...(groups.get(reason) ?? []), line]);
  }
  return groups;
}

const createdReturnSchema = z.object({
  id: z.string(),
  rmaNumber: z.string(),
  status: z.enum(RETURN_STATUSES),
  reason: z.enum(RETURN_REASONS),
  /** The parts of the order it takes back (added): two returns of one reason (the fit promise's and the others', decision 150) differ by them. */
  partIds: z.array(z.string()),
});

/**
 * Returns just asked for, one per reason (`returns`); the first one's id, number and status also
 * at the top, as before lines had reasons. `sendTo` is where the parts go (the shop's returns address).
 */
export const returnCreatedSchema = z.object({
  id: z.string(),
  rmaNumber: z.string(),
  status: z.enum(RETURN_STATUSES),
  returns: z.array(createdReturnSchema),
  sendTo: z.string(),
});
export type ReturnCreated = z.infer<typeof returnCreatedSchema>;

export const returnLineSchema = z.object({
  partId: z.string(),
  partNumber: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  action: z.enum(['restock', 'scrap']).nullable(),
  /** The core deposits this line gave back when its parts were received (added, decision 156): none of those cores is left to send. */
  depositsBack: z.number().int(),
});

export const returnSchema = z.object({
  id: z.string(),
  rmaNumber: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  status: z.enum(RETURN_STATUSES),
  reason: z.enum(RETURN_REASONS),
  note: z.string(),
  lines: z.array(returnLineSchema),
  /** Dollars; null until refunded. */
  refundAmount: z.number().nullable(),
  /**
   * How its order was paid (added): `account`, whose refund is credited to the company's account
   * (decision 081), or `card`, refunded to it. The card says which, as the refund's e-mail does.
   */
  paymentMethod: z.enum(PAYMENT_METHODS),
  restockingFee: z.number(),
  creditNoteNumber: z.string().nullable(),
  fitPromise: z.boolean(),
  resolution: z.enum(['replace', 'refund']).nullable(),
  rejectionReason: z.string().nullable(),
  replacementOrderId: z.string().nullable(),
  /** The replacement order's number, for a link to its page (`paths.order`); null without one. */
  replacementOrderNumber: z.string().nullable(),
  createdAt: z.string(),
});
export type ReturnRequest = z.infer<typeof returnSchema>;

/**
 * The open return (`OPEN_RETURN_STATUSES`) of an order's part among a customer's returns: of its
 * old core (`core`) or of the part itself. The server refuses a second one (409,
 * `alreadyRequested`); the return form says so before it is asked.
 */
export function openReturnOf(returns: readonly ReturnRequest[], orderId: string, partId: string, core: boolean): ReturnRequest | undefined {
  return returns.find(
    (ret) => ret.orderId === orderId && (ret.reason === 'core') === core && OPEN_RETURN_STATUSES.includes(ret.status) && ret.lines.some((line) => line.partId === partId),
  );
}

/** A line of an order's earlier return, as the rule below counts it. */
export interface HeldReturnLine {
  status: ReturnStatusCode;
  reason: ReturnReasonCode;
  quantity: number;
  /** The core deposits it gave back with its parts (`depositsBack`). */
  depositsBack: number;
}

/**
 * How many units of an order's line a new return may still take (decision 156): of the part itself,
 * those shipped less those its earlier returns of the part hold (every one but a rejected one,
 * `UNITS_HELD_RETURN_STATUSES`); of its old core (`deposits`: the line's core deposits), those shipped
 * with a deposit, less the deposits that went back with the parts (decision 109) and the cores
 * already held. A core return and one of the part are counted apart. The server refuses more (409,
 * `tooMany` or `depositWentBackWithPart`); the return form offers no more. `depositsBack` says
 * whether the deposits that went back with the parts are what is missing.
 */
export function unitsLeftToReturn(shipped: number, earlier: readonly HeldReturnLine[], core: { deposits: number } | null): { left: number; depositsBack: number } {
  const held = earlier.filter((line) => UNITS_HELD_RETURN_STATUSES.includes(line.status));
  const taken = held.filter((line) => (line.reason === 'core') === (core !== null)).reduce((sum, line) => sum + line.quantity, 0);
  if (!core) return { left: Math.max(0, shipped - taken), depositsBack: 0 };
  const depositsBack = held.filter((line) => line.reason !== 'core').reduce((sum, line) => sum + line.depositsBack, 0);
  return { left: Math.max(0, Math.min(shipped, core.deposits) - depositsBack - taken), depositsBack };
}

/**
 * How many units of an order's part line have shipped, as the return form counts them: its parcels'
 * (by the order's `shipments`), or all of them for an order shipped before parcels were recorded.
 * The server counts them the same way from its tables (`returns/request.ts`).
 */
export function unitsShipped(order: Pick<Order, 'status' | 'shipments'>, partId: string, bought: number): number {
  if (order.shipments.length === 0) return hasShippedAll(order.status) ? bought : 0;
  return order.shipments.reduce((sum, shipment) => sum + shipment.lines.filter((line) => line.partId === partId).reduce((total, line) => total + line.quantity, 0), 0);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When an order's return windows close (decision 057), from the moment they run from (`since`:
 * delivery, else the last parcel, else the order's shipping): `RETURN_WINDOW_DAYS` for every
 * reason but a core or a warranty claim, `CORE_RETURN_WINDOW_DAYS` for an old core (a warranty
 * claim runs to `warrantyEnds`). The server refuses by them (409) and answers them on each line
 * (`returnUntil`, `coreReturnUntil`); the return form offers by them (decision 164).
 */
export function returnWindows(since: Date): { returnUntil: Date; coreReturnUntil: Date } {
  return { returnUntil: new Date(since.getTime() + RETURN_WINDOW_DAYS * DAY_MS), coreReturnUntil: new Date(since.getTime() + CORE_RETURN_WINDOW_DAYS * DAY_MS) };
}

export const adminReturnSchema = returnSchema.extend({ email: z.string(), customerName: z.string() });
export type AdminReturn = z.infer<typeof adminReturnSchema>;

export const returnListSchema = z.array(returnSchema);
export const adminReturnListSchema = z.array(adminReturnSchema);
/** Manage Returns is paged on the server, newest first (decision 182): 20 returns a page, as Manage All Orders. */
export const ADMIN_RETURNS_PAGE_SIZE = 20;
/** A caller that names no `pageSize` gets what the list gave before it was paged: the newest 200 (decision 182). */
const ADMIN_RETURNS_UNPAGED = 200;
/**
 * `GET /admin/returns`: a status or every one, and the page, in Manage All Orders' parameters
 * (`adminOrdersQuerySchema`). The reply stays an array, a page of it; without `pageSize` the newest
 * 200, as before it was paged, so that a caller of the old list gets what it got (decision 182).
 */
export const adminReturnsQuerySchema = z.object({
  status: z.enum(RETURN_STATUSES).optional(),
  page: queryWholeNumber(z.number().int().min(1).max(10_000)).default(1),
  pageSize: queryWholeNumber(z.number().int().min(1).max(ADMIN_RETURNS_UNPAGED)).default(ADMIN_RETURNS_UNPAGED),
});
export type AdminReturnsQuery = z.output<typeof adminReturnsQuerySchema>;

export const approveReturnSchema = z.object({ resolution: z.enum(['replace', 'refund'], returnMessages.resolutionNeeded).optional() }).default({});
export const rejectReturnSchema = z.object({
  reason: withoutDirectionControls(z.string().trim().min(1, returnMessages.rejectionReasonNeeded).max(REJECTION_REASON_MAX_LENGTH), 'Reason'),
});
export const receiveReturnSchema = z.object({
  lines: z
    .array(z.object({ partId: z.string().min(1).max(64), quantity: z.number().int().min(1).max(100_000), action: z.enum(['restock', 'scrap'], returnMessages.receiveAction) }))
    .min(1)
    .max(RETURN_LINES_MAX),
});

/**
 * What receiving a line does by default: a returned core, a warranty claim or a defective part is
 * worn or broken, so it is scrapped; anything else goes back to stock. The admin may change it.
 */
export function defaultReceiveAction(reason: ReturnReasonCode): 'restock' | 'scrap' {
  return reason === 'core' || reason === 'warranty' || reason === 'defective' ? 'scrap' : 'restock';
}

/** `GET /admin/returns/{id}/refund-preview`: what receiving an approved return will refund, in its parts. */
export const refundPreviewSchema = z.object({
  lines: z.array(
    z.object({ partId: z.string(), partNumber: z.string(), name: z.string(), kind: z.enum(['part', 'core-deposit']), quantity: z.number(), amount: z.number() }),
  ),
  /** The lines' sum: the units' prices (or the cores' deposits). */
  units: z.number(),
  tax: z.number(),
  shipping: z.number(),
  restockingFee: z.number(),
  restockingFeePercent: z.number(),
  /** What is paid back: units + tax + shipping − fee, never more than is left to refund. */
  amount: z.number(),
});
export type RefundPreview = z.infer<typeof refundPreviewSchema>;

export const shopSettingsSchema = z.object({
  restockingFeePercent: z.number({ error: returnMessages.restockingFeeRange }).min(0, returnMessages.restockingFeeRange).max(100, returnMessages.restockingFeeRange),
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

/**
 * `GET /returns/policy` (signed in): what a customer is told before asking — the restocking fee kept
 * from a "no longer needed" refund (percent of the price; 0 when none), and where approved returns go.
 */
export const returnPolicySchema = shopSettingsSchema.extend({ sendTo: z.string() });
export type ReturnPolicy = z.infer<typeof returnPolicySchema>;
