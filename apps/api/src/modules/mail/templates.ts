import {
  apiErrors,
  buyAgainMessages,
  carrierNames,
  formatCents,
  formatCreditNoteNumber,
  formatDueDay,
  formatInvoiceNumber,
  formatRmaNumber,
  formatStatementMonth,
  formatTrackingNumber,
  givenBackMessages,
  invoiceMessages,
  notices,
  orderName,
  passwordChangedMail,
  paths,
  RETURN_WINDOW_DAYS,
  returnItemsPath,
  returnMessages,
  returnReasonLabels,
  taxLabel,
  type CarrierCode,
  type InvoiceSettlement,
  type LineKind,
  type ReturnReasonCode,
  type ShipTo,
} from '@autoparts/shared';

/**
 * What the messages say of an order: plain data, whatever it is read from. The templates import
 * no module of the order's life (decision 068): those modules queue messages, so the data they
 * pass is described here, and an order's row has it (the names are the row's).
 */
export interface OrderMail {
  id: string;
  order_number: string;
  email: string;
  customer_name: string;
  part_id: string;
  part_name: string;
  address: string;
  subtotal_cents: number;
  shipping_cents: number;
  shipping_method_name: string;
  shipping_estimate: string;
  tax_cents: number;
  tax_rate_ppm: number;
  ship_to: Pick<ShipTo, 'country' | 'region'> | null;
  total_cents: number;
  po_number: string | null;
  created_at: Date;
  expires_at: Date | null;
  paid_at: Date | null;
  delivered_at: Date | null;
  transaction_id: string | null;
  invoice_number: string | null;
  /** An order on account's invoice is due on this day (decision 081). */
  due_on?: string | null;
  /** 'account': billed to the company (decision 081), so what it gets back is credited there, not to a card. */
  payment_method?: 'card' | 'account';
}

/** One line of an order as its messages list it. */
export interface OrderLineMail {
  kind: LineKind;
  name: string;
  part_number: string;
  quantity: number;
  unit_price_cents: number;
  line_total_cents: number;
}

/** What the messages say of a return (RMA). */
interface ReturnMail {
  rma_number: number | string;
  reason: ReturnReasonCode;
  fit_promise: boolean;
  rejection_reason: string | null;
  refund_cents: number | null;
  restocking_fee_cents: number;
  credit_note_number: number | string | null;
}

/** Every message the shop sends, with what it needs to say. */
export type MailMessage =
  /** `name` only for a confirmed address: see `verify-email`. */
  | { kind: 'reset-password'; to: string; name: string | undefined; url: string }
  /**
   * The account's password was changed (a reset through the e-mailed link, or Change password):
   * when, and where to reset it if it was not the owner. `name` as for `reset-password`.
   */
  | { kind: 'password-changed'; to: string; name: string | undefined; at: Date }
  /**
   * No name: the address is not confirmed yet, so it may be a stranger's, and the name whatever
   * whoever signed up with it wrote.
   */
  | { kind: 'verify-email'; to: string; url: string }
  /** A company's invitation (decision 075): no name of the invitee, whom the shop may not know. */
  | { kind: 'company-invitation'; to: string; companyName: string; role: string; invitedBy: string; url: string; days: number }
  /** A company's monthly statement (decision 081), to its owners and accounts members: the month's closing balance and where to download it. */
  | { kind: 'company-statement'; to: string; name: string; companyName: string; month: string; closingCents: number; url: string }
  /** A verified resale certificate expires soon (decision 082): to each owner and accounts member of its company (decision 221). */
  | { kind: 'certificate-expiring'; to: string; name: string; companyName: string; locationName: string; state: string; number: string; expiresOn: string; url: string }
  /** An admin rejected a resale certificate, or revoked a verified one (decision 105): to each owner and accounts member of its company, with why. */
  | { kind: 'certificate-rejected'; to: string; name: string; companyName: string; locationName: string; state: string; number: string; revoked: boolean; reason: string; url: string }
  | { kind: Exclude<OrderEvent, 'order-shipped' | 'order-rest-cancelled' | 'order-cancelled'>; order: OrderMail; lines: readonly OrderLineMail[] }
  /**
   * An order on account's invoice, to the company's accounts members (its owners when it has none),
   * who pay it (decision 106); the member who placed it has `order-on-account`.
   */
  | { kind: 'company-invoice'; to: string; name: string; companyName: string; order: OrderMail; lines: readonly OrderLineMail[] }
  /**
   * A receipt for a company's invoices paid by card (the test card, or Stripe's page), to the member
   * who paid (decision 212): what each invoice took, and what was given back to the card (invoices
   * paid meanwhile by someone else).
   */
  | {
      kind: 'company-payment';
      to: string;
      name: string;
      companyName: string;
      amountCents: number;
      reference: string;
      settles: readonly { invoiceNumber: string; cents: number }[];
      givenBackCents: number;
    }
  /**
   * A card payment of a company's invoices (Stripe) given back whole, to the member who paid
   * (decision 225): every invoice it was for had been paid or credited meanwhile, so it paid
   * nothing; each invoice with what settled it (decision 228).
   */
  | {
      kind: 'company-payment-given-back';
      to: string;
      name: string;
      companyName: string;
      amountCents: number;
      reference: string;
      invoices: readonly { invoiceNumber: string; settledBy: InvoiceSettlement }[];
    }
  /**
   * A payment an admin recorded (a bank transfer, a cheque), to each owner and accounts member of the
   * company (decision 222): the day received, its reference, what each invoice took as the ledger
   * allocated it, and what was left on account as a credit.
   */
  | {
      kind: 'company-payment-received';
      to: string;
      name: string;
      companyName: string;
      amountCents: number;
      receivedOn: string;
      reference: string;
      settles: readonly { invoiceNumber: string; cents: number }[];
      creditCents: number;
    }
  /**
   * A credit note of an order on account, to those its invoice went to (decision 212): the order
   * cancelled, what had not shipped cancelled, or parts of it returned.
   */
  | {
      kind: 'company-credit-note';
      to: string;
      name: string;
      companyName: string;
      order: OrderMail;
      creditNoteNumber: number | string;
      amountCents: number;
      why: 'cancelled' | 'rest-cancelled' | 'returned';
    }
  /**
   * An order cancelled whole; a refunded one names its credit note (decision 056); a warranty
   * replacement names the claim (its RMA number) that is open again (decision 110).
   */
  | { kind: 'order-cancelled'; order: OrderMail; lines: readonly OrderLineMail[]; creditNoteNumber: number | string | null; reopenedClaim?: number | string }
  /** One parcel of an order (several when it ships in parts): carrier, tracking and what it holds. */
  | { kind: 'order-shipped'; order: OrderMail; lines: readonly OrderLineMail[]; shipment: ShipmentMail }
  /** A partly shipped order's rest cancelled: what was not sent, and what was refunded (its credit note, if any). */
  | {
      kind: 'order-rest-cancelled';
      order: OrderMail;
      lines: readonly OrderLineMail[];
      refundCents: number;
      creditNoteNumber: number | string | null;
      cancelled: { line: OrderLineMail; quantity: number }[];
    }
  /**
   * A return (RMA) of an order's lines: asked for, approved, rejected, refunded; with its parts.
   * `replacementOrderNumber`: a warranty claim approved with a replacement, the $0 order that sends it.
   */
  | { kind: ReturnEvent; order: OrderMail; ret: ReturnMail; parts: readonly ReturnedPart[]; replacementOrderNumber?: string };

/** One line of a return as its e-mails list it: "2 × Vented Brake Rotor (BR-1001)". */
export interface ReturnedPart {
  quantity: number;
  name: string;
  part_number: string;
}

type ReturnEvent = 'return-requested' | 'return-approved' | 'return-rejected' | 'return-refunded';

type OrderEvent = 'order-placed' | 'order-on-account' | 'order-paid' | 'order-shipped' | 'order-delivered' | 'order-rest-cancelled' | 'order-cancelled' | 'order-expired';

interface ShipmentMail {
  carrier: CarrierCode;
  trackingNumber: string;
  trackingUrl: string | null;
  shippedAt: Date;
  /** Whether it carried the last of the order. */
  complete: boolean;
  lines: { line: OrderLineMail; quantity: number }[];
}

export interface RenderedMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /**
   * The one-time token of the message's link (a reset, a confirmation, an invitation), as the link
   * writes it: the outbox takes it out of the stored message once it is sent (decision 151).
   */
  secret?: string;
}

/** A paragraph, a table of facts, or a button; each becomes HTML and plain text alike. */
type Block = { paragraph: string } | { facts: [label: string, value: string][] } | { button: string; url: string };

const SHOP = 'Autoparts Manufacturer';
const BRAND = '#b45309';
const INK = '#0f172a';

/** An amount in cents as every message writes it: money.ts's one formatter (decision 135). */
const money = formatCents;

/** Whether an order was billed to its company's account (decision 081) rather than paid by card. */
const onAccount = (order: OrderMail) => order.payment_method === 'account';
/** Where an order's refund goes: the card it was paid with, or its company's account. */
const refundedTo = (order: OrderMail, cents: number) =>
  onAccount(order) ? `${money(cents)} credited to your company’s account` : `${money(cents)} to the card it was paid with`;
/** Why a company's credit note was issued, as its message says it. */
const creditNoteWhy = { cancelled: 'the order was cancelled', 'rest-cancelled': 'what had not shipped of it was cancelled', returned: 'parts of it were returned' } as const;
/** When a refund to a card shows; a credit to the company's account is there at once. */
const REFUND_ON_ITS_WAY = 'The refund is on its way; depending on your bank it shows on your statement within 5 to 10 days.';
/** When what a card payment of invoices gave back shows on the card (decisions 212, 225). */
const GIVEN_BACK_SHOWS = 'Depending on your bank it shows within 5 to 10 days.';
const CREDITED_TO_ACCOUNT = 'The credit note is on your company’s account at once.';
const NOTHING_TO_REFUND = `none: what was cancelled cost ${formatCents(0)}`;
/** What the messages need of the shop's settings: links' base, its time zone and returns address. */
export interface MailShop {
  baseUrl: string;
  /** IANA, as `SHOP_TIME_ZONE`: times are written in it and name it ("EST"). */
  timeZone: string;
  returnsAddress: string;
  /**
   * Where a reply goes (`MAIL_REPLY_TO`, the messages' Reply-To). Without one a reply goes to
   * MAIL_FROM, by default a no-reply address, so no message asks for a reply.
   */
  replyTo: string | undefined;
}

/**
 * One formatter per time zone, made once: `toLocaleString` with options builds a new formatter on
 * every call, which cost more CPU than the rest of an order's message (a CPU profile of placing orders).
 */
const dateTimes = new Map<string, Intl.DateTimeFormat>();
/** The most of a part's name a subject repeats: a subject is read in a list, on a phone in 40 or so characters. */
export const SUBJECT_NAME_MAX = 50;

/**
 * A part's name as a subject says it: whole when short, else cut at a word (or at the bound, for
 * one long word) with "…". A part's name may be 200 characters (the admin's form, an import), and a
 * subject of 220 said the order's number and what happened to it before a list cut it off.
 */
function shortened(name: string): string {
  if (name.length <= SUBJECT_NAME_MAX) return name;
  const cut = name.slice(0, SUBJECT_NAME_MAX - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > SUBJECT_NAME_MAX / 2 ? cut.slice(0, atWord) : cut).trimEnd().replace(/[,;:–—-]+$/, '')}…`;
}

/** "Nov 28, 2026, 10:59 PM EST": a time in the shop's zone, named. */
function when(date: Date, timeZone: string): string {
  let format = dateTimes.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' });
    dateTimes.set(timeZone, format);
  }
  return format.format(date);
}


/**
 * Who a message goes to, as far as it matters to what it may say: whether the address has been
 * confirmed by its owner (decision 023). Anyone can sign up with anyone's address and place an
 * order with it, so a message to an address not confirmed repeats nothing the account typed (its
 * name, the delivery address, a PO number): those could be a stranger's words to its owner.
 */
export interface MailRecipient {
  confirmed: boolean;
}

/** "Ship to" in a message to an address not confirmed: where the address is, not the address. */
const SHIP_TO_UNCONFIRMED = 'On the order’s page (this e-mail address is not confirmed yet)';

/** The recipient to whom a message goes: a message's own `to`, else its order's address. */
export function recipientOf(message: MailMessage): string {
  return 'to' in message ? message.to : message.order.email;
}

/**
 * The one place where the shop's messages are written: each is a subject and blocks,
 * from which the branded HTML part and the plain-text part are both made, so they say the same.
 * `shop.baseUrl` makes the links absolute.
 */
export function renderMail(message: MailMessage, shop: MailShop, recipient: MailRecipient): RenderedMail {
  const { subject, greeting, blocks, to } = compose(message, shop, recipient);
  const secret = 'url' in message && SECRET_LINKS.has(message.kind) ? tokenIn(message.url) : undefined;
  return { to, subject, html: html(subject, greeting, blocks), text: text(greeting, blocks), ...(secret ? { secret } : {}) };
}

/** The messages whose link carries a one-time token that signs in or confirms: a reset, a confirmation, an invitation. */
const SECRET_LINKS = new Set<MailMessage['kind']>(['reset-password', 'verify-email', 'company-invitation']);

/**
 * A link's one-time token as the link writes it (encoded): its `token` parameter (a reset, a
 * confirmation) or else its last path segment (an invitation, `/company/invitations/<token>`).
 */
function tokenIn(url: string): string | undefined {
  const { searchParams, pathname } = new URL(url);
  const token = searchParams.get('token') ?? decodeURIComponent(pathname.slice(pathname.lastIndexOf('/') + 1));
  return token ? encodeURIComponent(token) : undefined;
}

function compose(message: MailMessage, shop: MailShop, { confirmed }: MailRecipient): { to: string; subject: string; greeting: string; blocks: Block[] } {
  const { baseUrl, timeZone } = shop;
  switch (message.kind) {
    case 'reset-password':
      return {
        to: message.to,
        subject: 'Reset your password',
        greeting: message.name ? `Hello ${message.name},` : 'Hello,',
        blocks: [
          { paragraph: `Someone asked to reset the password of your ${SHOP} account. If it was you, choose a new password here:` },
          { button: 'Choose a new password', url: message.url },
          { paragraph: 'The link works once, for one hour. If you did not ask for it, ignore this message: your password stays as it is.' },
        ],
      };
    case 'password-changed':
      return {
        to: message.to,
        subject: passwordChangedMail.subject,
        greeting: message.name ? `Hello ${message.name},` : 'Hello,',
        blocks: [
          { paragraph: passwordChangedMail.what(SHOP, when(message.at, timeZone)) },
          { paragraph: passwordChangedMail.notYou },
          { button: passwordChangedMail.button, url: `${baseUrl}${passwordChangedMail.path}` },
        ],
      };
    case 'verify-email':
      return {
        to: message.to,
        subject: 'Confirm your e-mail address',
        greeting: 'Hello,',
        blocks: [
          { paragraph: `Please confirm that this is your e-mail address for your ${SHOP} account:` },
          { button: 'Confirm my address', url: message.url },
          { paragraph: 'Once it is confirmed you can also sign in with Google for this address. The link works for 24 hours. If you did not sign up, ignore this message.' },
        ],
      };
    case 'company-invitation':
      return {
        to: message.to,
        subject: `Join ${message.companyName} at ${SHOP}`,
        greeting: 'Hello,',
        blocks: [
          { paragraph: `${message.invitedBy} invites you to join ${message.companyName}'s trade account at ${SHOP} as ${message.role}.` },
          { button: 'Accept the invitation', url: message.url },
          {
            paragraph: `Sign in with this e-mail address (${message.to}) to accept, or sign up with it if you have no account yet. The link works for ${message.days} days. If you did not expect it, ignore this message.`,
          },
        ],
      };
    case 'company-statement': {
      const month = formatStatementMonth(message.month);
      return {
        to: message.to,
        subject: `${message.companyName}: statement for ${month}`,
        greeting: `Hello ${message.name},`,
        blocks: [
          { paragraph: `The statement of ${message.companyName}'s account at ${SHOP} for ${month} is ready.` },
          { facts: [['Month', month], ['Closing balance', money(message.closingCents)]] },
          { button: 'Download the statement', url: message.url },
          { paragraph: 'The Company page lists every invoice, payment and credit note, with the statement of any month.' },
        ],
      };
    }
    case 'company-payment':
      return {
        to: message.to,
        subject: `${message.companyName}: payment of ${money(message.amountCents)} received`,
        greeting: confirmed ? `Hello ${message.name},` : 'Hello,',
        blocks: [
          { paragraph: `Thank you: your card payment of ${money(message.amountCents)} to ${message.companyName}'s account is received. It pays these invoices:` },
          {
            facts: [
              ...message.settles.map(({ invoiceNumber, cents }): [string, string] => [invoiceNumber, money(cents)]),
              ['Reference', message.reference],
              ...(message.givenBackCents > 0 ? [['Given back to your card', money(message.givenBackCents)] as [string, string]] : []),
            ],
          },
          ...(message.givenBackCents > 0
            ? [{ paragraph: `${money(message.givenBackCents)} of what your card was charged is given back to it: part of what it was for had been paid meanwhile. ${GIVEN_BACK_SHOWS}` }]
            : []),
          { button: 'Open the Company page', url: `${baseUrl}${paths.company}` },
        ],
      };
    case 'company-payment-given-back':
      return {
        to: message.to,
        subject: `${message.companyName}: card payment of ${money(message.amountCents)} given back`,
        greeting: confirmed ? `Hello ${message.name},` : 'Hello,',
        blocks: [
          { paragraph: givenBackMessages.lead(money(message.amountCents), message.companyName, message.invoices.some((invoice) => invoice.settledBy !== 'paid')) },
          {
            facts: [
              ...message.invoices.map(({ invoiceNumber, settledBy }): [string, string] => [invoiceNumber, givenBackMessages.settled[settledBy]]),
              ['Reference', message.reference],
              ['Given back to your card', money(message.amountCents)],
            ],
          },
          { paragraph: `${GIVEN_BACK_SHOWS} The Company page lists every invoice and payment of the account.` },
          { button: 'Open the Company page', url: `${baseUrl}${paths.company}` },
        ],
      };
    case 'company-payment-received':
      return {
        to: message.to,
        subject: `${message.companyName}: payment of ${money(message.amountCents)} received`,
        greeting: confirmed ? `Hello ${message.name},` : 'Hello,',
        blocks: [
          {
            paragraph: `Thank you: ${SHOP} has received a payment of ${money(message.amountCents)} to ${message.companyName}'s account.${message.settles.length ? ' It pays these invoices:' : ''}`,
          },
          {
            facts: [
              ...message.settles.map(({ invoiceNumber, cents }): [string, string] => [invoiceNumber, money(cents)]),
              ['Received on', formatDueDay(message.receivedOn)],
              ['Reference', message.reference],
              ...(message.creditCents > 0 ? [['Left on account as a credit', money(message.creditCents)] as [string, string]] : []),
            ],
          },
          ...(message.creditCents > 0
            ? [{ paragraph: `${money(message.creditCents)} of it is left on ${message.companyName}'s account as a credit: it pays the next invoices.` }]
            : []),
          { button: 'Open the Company page', url: `${baseUrl}${paths.company}` },
        ],
      };
    case 'company-credit-note': {
      const { order } = message;
      const number = String(order.order_number);
      const creditNote = formatCreditNoteNumber(message.creditNoteNumber);
      const invoice = order.invoice_number === null ? null : formatInvoiceNumber(Number(order.invoice_number));
      return {
        to: message.to,
        subject: `${message.companyName}: credit note ${creditNote} for order ${number}`,
        greeting: confirmed ? `Hello ${message.name},` : 'Hello,',
        blocks: [
          {
            paragraph: `Credit note ${creditNote} credits ${money(message.amountCents)} to ${message.companyName}'s account for order ${number}: ${creditNoteWhy[message.why]}. Pay only what the invoices still owe after it: the Company page lists them.`,
          },
          {
            facts: [
              ['Credit note', creditNote],
              ['Order', number],
              ...(invoice ? [['Invoice', invoice] as [string, string]] : []),
              ...(order.po_number && confirmed ? [['Purchase order', order.po_number] as [string, string]] : []),
              ['Credited', money(message.amountCents)],
            ],
          },
          documentButton(invoiceMessages.downloadCreditNote(creditNote), baseUrl, number),
        ],
      };
    }
    case 'certificate-expiring': {
      const expiresOn = formatDueDay(message.expiresOn);
      return {
        to: message.to,
        subject: `Your resale certificate for ${message.state} expires on ${expiresOn}`,
        greeting: `Hello ${message.name},`,
        blocks: [
          {
            paragraph: `${message.companyName}'s resale certificate ${message.number} for ${message.state} (location ${message.locationName}) expires on ${expiresOn}. After that day, orders shipped there are charged sales tax again.`,
          },
          { button: 'Upload the renewed certificate', url: message.url },
        ],
      };
    }
    case 'certificate-rejected':
      return {
        to: message.to,
        subject: message.revoked ? `Your resale certificate for ${message.state} was revoked` : `Your resale certificate for ${message.state} was not accepted`,
        greeting: `Hello ${message.name},`,
        blocks: [
          {
            paragraph: message.revoked
              ? `${SHOP} has revoked ${message.companyName}'s resale certificate ${message.number} for ${message.state} (location ${message.locationName}). Orders shipped there are charged sales tax again from now.`
              : `${SHOP} could not accept ${message.companyName}'s resale certificate ${message.number} for ${message.state} (location ${message.locationName}). Orders shipped there are charged sales tax until a certificate is verified.`,
          },
          { facts: [['Why', message.reason]] },
          { button: 'Upload a corrected certificate', url: message.url },
        ],
      };
  }
  if ('ret' in message) return composeReturn(message, shop, confirmed);
  const { order, lines } = message;
  const greeting = confirmed ? `Hello ${order.customer_name},` : 'Hello,';
  const shipTo: [string, string] = ['Ship to', confirmed ? order.address : SHIP_TO_UNCONFIRMED];
  const number = String(order.order_number);
  // The subject's name of the order: its first part's, shortened, and how many more lines.
  const name = orderName(shortened(order.part_name), lines);
  // The order in full: its number, each line, the shipping, the tax and the total (decision 052).
  const items: [string, string][] = [
    ['Order', number],
    ...lines.map((line): [string, string] => [
      `${line.quantity} × ${line.name}${line.part_number ? ` (${line.part_number})` : ''}`,
      `${money(line.line_total_cents)} (${money(line.unit_price_cents)} each)`,
    ]),
    ['Subtotal', money(order.subtotal_cents)],
    ...(order.shipping_method_name
      ? [[`Shipping: ${order.shipping_method_name}${order.shipping_estimate ? `, ${order.shipping_estimate}` : ''}`, money(order.shipping_cents)] as [string, string]]
      : []),
    ...(order.tax_cents > 0 ? [[taxLabel(order.tax_rate_ppm, order.ship_to), money(order.tax_cents)] as [string, string]] : []),
    ['Total', money(order.total_cents)],
    ...(order.po_number && confirmed ? [['Purchase order', order.po_number] as [string, string]] : []),
  ];
  const orderPage = orderPageButton(baseUrl, number);
  switch (message.kind) {
    case 'order-placed': {
      const expiresAt = order.expires_at ?? order.created_at;
      const minutes = Math.max(1, Math.round((expiresAt.getTime() - order.created_at.getTime()) / 60_000));
      return {
        to: order.email,
        subject: `Order ${number} placed: ${name}`,
        greeting,
        blocks: [
          { paragraph: `${notices.orderPlaced}. It holds the parts below for you until it is paid.` },
          { facts: [...items, shipTo, ['Pay by', when(expiresAt, timeZone)]] },
          {
            paragraph: `An unpaid order is kept for ${minutes} minute${minutes === 1 ? '' : 's'}: if it is not paid by then, it expires and the parts go back on sale.`,
          },
          { button: 'Pay now', url: `${baseUrl}${paths.payment(order.id)}` },
        ],
      };
    }
    case 'order-on-account':
      return {
        to: order.email,
        subject: `Order ${number} placed on account: ${name}`,
        greeting,
        blocks: [
          { paragraph: 'Thank you: your order is placed on your company’s account. This is its invoice; we will write again when it ships.' },
          {
            facts: [
              ...items,
              ...(order.invoice_number === null ? [] : [['Invoice', formatInvoiceNumber(Number(order.invoice_number))] as [string, string]]),
              ['Due', order.due_on ? formatDueDay(order.due_on) : '—'],
              shipTo,
            ],
          },
          ...(order.invoice_number === null ? [] : [documentButton(invoiceMessages.downloadInvoice, baseUrl, number)]),
          orderPage,
        ],
      };
    case 'company-invoice': {
      const invoice = order.invoice_number === null ? null : formatInvoiceNumber(Number(order.invoice_number));
      return {
        to: message.to,
        subject: invoice ? `${message.companyName}: invoice ${invoice} for order ${number}` : `${message.companyName}: order ${number} on account`,
        greeting: confirmed ? `Hello ${message.name},` : 'Hello,',
        blocks: [
          { paragraph: `${order.customer_name} (${order.email}) placed an order on ${message.companyName}'s account. This is its invoice, for the company to pay by its due date.` },
          {
            facts: [
              ...items,
              ...(invoice ? [['Invoice', invoice] as [string, string]] : []),
              ['Due', order.due_on ? formatDueDay(order.due_on) : '—'],
              shipTo,
            ],
          },
          ...(invoice ? [documentButton(invoiceMessages.downloadInvoice, baseUrl, number)] : []),
          orderPage,
          { paragraph: 'The Company page lists the open invoices, which an owner or an accounts member may pay by card there.' },
        ],
      };
    }
    case 'order-paid':
      return {
        to: order.email,
        subject: `Receipt for order ${number}: ${name}`,
        greeting,
        blocks: [
          { paragraph: 'Thank you: your order is paid. This is your receipt.' },
          {
            facts: [
              ...items,
              ['Paid', when(order.paid_at ?? new Date(), timeZone)],
              ['Transaction', order.transaction_id ?? '—'],
              ...(order.invoice_number === null ? [] : [['Invoice', formatInvoiceNumber(Number(order.invoice_number))] as [string, string]]),
              shipTo,
            ],
          },
          { paragraph: 'We will write again when it ships.' },
          ...(order.invoice_number === null ? [] : [documentButton(invoiceMessages.downloadInvoice, baseUrl, number)]),
          orderPage,
        ],
      };
    case 'order-shipped': {
      const { shipment } = message;
      const parcel: [string, string][] = [
        ['Order', number],
        ['Carrier', carrierNames[shipment.carrier]],
        ...(shipment.trackingNumber ? [['Tracking number', formatTrackingNumber(shipment.carrier, shipment.trackingNumber)] as [string, string]] : []),
        ...shipment.lines.map(({ line, quantity }): [string, string] => [
          `${quantity} × ${line.name}${line.part_number ? ` (${line.part_number})` : ''}`,
          quantity === line.quantity ? 'all of this line' : `of ${line.quantity} ordered`,
        ]),
        ['Shipped', when(shipment.shippedAt, timeZone)],
        shipTo,
      ];
      return {
        to: order.email,
        subject: shipment.complete ? `Order ${number} shipped: ${name}` : `Part of order ${number} shipped: ${name}`,
        greeting,
        blocks: [
          {
            paragraph: shipment.complete
              ? 'Your order has shipped: everything on it is on its way.'
              : 'Part of your order has shipped. We will write again when the rest goes.',
          },
          { facts: parcel },
          ...(shipment.trackingUrl ? [{ button: `Track with ${carrierNames[shipment.carrier]}`, url: shipment.trackingUrl }] : []),
          orderPage,
        ],
      };
    }
    case 'order-delivered':
      return {
        to: order.email,
        subject: `Order ${number} delivered: ${name}`,
        greeting,
        blocks: [
          { paragraph: `Your order has been delivered. If a part is not right, you can ask to return it within ${RETURN_WINDOW_DAYS} days: Return items below.` },
          { facts: [...items, ['Delivered', when(order.delivered_at ?? new Date(), timeZone)], shipTo] },
          { button: 'Return items', url: `${baseUrl}${returnItemsPath(order.id)}` },
          orderPage,
        ],
      };
    case 'order-rest-cancelled': {
      const creditNote = message.creditNoteNumber === null ? null : formatCreditNoteNumber(message.creditNoteNumber);
      return {
        to: order.email,
        subject: `The rest of order ${number} cancelled: ${name}`,
        greeting,
        blocks: [
          { paragraph: 'What had not shipped of your order is cancelled; what shipped is on its way as before.' },
          {
            facts: [
              ['Order', number],
              ...message.cancelled.map(({ line, quantity }): [string, string] => [
                `${quantity} × ${line.name}${line.part_number ? ` (${line.part_number})` : ''}`,
                'cancelled',
              ]),
              // A rest worth $0.00 refunds nothing, and says so rather than "on its way" (decision 198).
              ['Refund', message.refundCents > 0 ? refundedTo(order, message.refundCents) : NOTHING_TO_REFUND],
              ...(creditNote ? [['Credit note', creditNote] as [string, string]] : []),
            ],
          },
          ...(message.refundCents > 0 ? [{ paragraph: onAccount(order) ? CREDITED_TO_ACCOUNT : REFUND_ON_ITS_WAY }] : []),
          ...(creditNote ? [documentButton(invoiceMessages.downloadCreditNote(creditNote), baseUrl, number)] : []),
          orderPage,
        ],
      };
    }
    case 'order-cancelled': {
      // An order on account was invoiced to its company: cancelling it credits that invoice.
      const refunded = order.transaction_id !== null || onAccount(order);
      const creditNote = message.creditNoteNumber === null ? null : formatCreditNoteNumber(message.creditNoteNumber);
      return {
        to: order.email,
        subject: `Order ${number} cancelled: ${name}`,
        greeting,
        blocks: [
          { paragraph: 'Your order is cancelled.' },
          ...(message.reopenedClaim === undefined ? [] : [{ paragraph: returnMessages.claimOpenAgain(formatRmaNumber(message.reopenedClaim)) }]),
          {
            facts: [
              ...items,
              ['Refund', refunded ? refundedTo(order, order.total_cents) : 'None: the order was not paid'],
              ...(creditNote ? [['Credit note', creditNote] as [string, string]] : []),
            ],
          },
          {
            paragraph: onAccount(order) ? CREDITED_TO_ACCOUNT : refunded ? REFUND_ON_ITS_WAY : 'Nothing was charged.',
          },
          ...(creditNote ? [documentButton(invoiceMessages.downloadCreditNote(creditNote), baseUrl, number)] : []),
          orderPage,
        ],
      };
    }
    case 'order-expired':
      return {
        to: order.email,
        subject: `Order ${number} expired: ${name}`,
        greeting,
        blocks: [
          { paragraph: apiErrors.orderExpired },
          { facts: items },
          { paragraph: 'Nothing was charged, and the parts went back on sale.' },
          // The order's page offers Buy again, which puts every line still for sale in the cart.
          { button: buyAgainMessages.button, url: `${baseUrl}${paths.order(number)}` },
        ],
      };
  }
}

function composeReturn(
  message: { kind: ReturnEvent; order: OrderMail; ret: ReturnMail; parts: readonly ReturnedPart[]; replacementOrderNumber?: string },
  { baseUrl, returnsAddress, replyTo }: MailShop,
  confirmed: boolean,
): { to: string; subject: string; greeting: string; blocks: Block[] } {
  const { order, ret } = message;
  const rma = formatRmaNumber(ret.rma_number);
  const greeting = confirmed ? `Hello ${order.customer_name},` : 'Hello,';
  const facts: [string, string][] = [
    ['Return', rma],
    ['Order', String(order.order_number)],
    ['Reason', returnReasonLabels[ret.reason]],
    ...message.parts.map(({ quantity, name, part_number: partNumber }): [string, string] => ['Part', `${quantity} × ${name}${partNumber ? ` (${partNumber})` : ''}`]),
  ];
  const myReturns = `${baseUrl}${paths.returns}`;
  const orderPage = orderPageButton(baseUrl, String(order.order_number));
  switch (message.kind) {
    case 'return-requested':
      return {
        to: order.email,
        subject: `Return ${rma} for order ${String(order.order_number)}`,
        greeting,
        blocks: [
          {
            paragraph: ret.fit_promise
              ? 'The part did not fit the vehicle it was checked for, so under our fit promise your return is approved: you get back everything you paid for it, shipping included, once it arrives.'
              : 'We have your return request. We will write again once we have looked at it.',
          },
          { facts },
          // Where to send the parts only once the return is approved: a request may be rejected.
          { paragraph: ret.fit_promise ? returnMessages.whatToDo(rma, returnsAddress) : returnMessages.waitForApproval },
          { button: 'My Returns', url: myReturns },
          orderPage,
        ],
      };
    case 'return-approved':
      return message.replacementOrderNumber
        ? {
            to: order.email,
            subject: `Return ${rma} approved: a replacement is on its way`,
            greeting,
            blocks: [
              { paragraph: 'We have approved your warranty claim and are sending you a replacement at no charge. We will write again when it ships.' },
              { facts: [...facts, ['Replacement order', message.replacementOrderNumber]] },
              { button: 'My Returns', url: myReturns },
              orderPage,
            ],
          }
        : {
            to: order.email,
            subject: `Return ${rma} approved`,
            greeting,
            blocks: [
              { paragraph: 'We have approved your return. Please send the parts back now.' },
              { facts },
              { paragraph: returnMessages.whatToDo(rma, returnsAddress) },
              { button: 'My Returns', url: myReturns },
              orderPage,
            ],
          };
    case 'return-rejected':
      return {
        to: order.email,
        subject: `Return ${rma} not accepted`,
        greeting,
        blocks: [
          { paragraph: 'We are sorry: we cannot accept this return.' },
          { facts: [...facts, ['Why', ret.rejection_reason ?? '']] },
          { paragraph: replyTo ? 'Please do not send the parts. Reply to this message if you have questions.' : 'Please do not send the parts.' },
          { button: 'My Returns', url: myReturns },
          orderPage,
        ],
      };
    case 'return-refunded':
      // Nothing to give back (a free warranty replacement's parts, or all that was paid given back
      // already): no refund is said to be on its way to a card or an account.
      if (!ret.refund_cents)
        return {
          to: order.email,
          subject: `Return ${rma} received`,
          greeting,
          blocks: [
            { paragraph: returnMessages.receivedNothingToRefund },
            { facts: [...facts, ['Refund', returnMessages.nothingToRefund]] },
            { button: 'My Returns', url: myReturns },
            orderPage,
          ],
        };
      return {
        to: order.email,
        subject: `Return ${rma} refunded`,
        greeting,
        blocks: [
          {
            paragraph: onAccount(order)
              ? 'We have received your return and credited it to your company’s account.'
              : 'We have received your return and refunded it to the card you paid with.',
          },
          {
            facts: [
              ...facts,
              ['Refund', money(ret.refund_cents ?? 0)],
              ...(ret.restocking_fee_cents > 0 ? [['Restocking fee', money(ret.restocking_fee_cents)] as [string, string]] : []),
              ...(ret.credit_note_number !== null ? [['Credit note', formatCreditNoteNumber(ret.credit_note_number)] as [string, string]] : []),
            ],
          },
          { paragraph: onAccount(order) ? CREDITED_TO_ACCOUNT : 'Depending on your bank it shows on your statement within 5 to 10 days.' },
          ...(ret.credit_note_number !== null
            ? [documentButton(invoiceMessages.downloadCreditNote(formatCreditNoteNumber(ret.credit_note_number)), baseUrl, String(order.order_number))]
            : []),
          { button: 'My Returns', url: myReturns },
          orderPage,
        ],
      };
  }
}

/**
 * A button to one of the order's documents. It opens the order's page, which lists the document's
 * download, and not the PDF's address: a customer signed out (on a phone, usually) is sent to sign
 * in and back to the page, where the PDF itself would answer a bare 401 (decision 056, amended).
 */
function documentButton(label: string, baseUrl: string, number: string): Block {
  return { button: label, url: `${baseUrl}${paths.order(number)}` };
}

/** The order's own page (its owner's, signed in): status, lines, parcels, documents. */
function orderPageButton(baseUrl: string, number: string): Block {
  return { button: `View order ${number}`, url: `${baseUrl}${paths.order(number)}` };
}

function text(greeting: string, blocks: Block[]): string {
  const lines = [greeting, ''];
  for (const block of blocks) {
    if ('paragraph' in block) lines.push(block.paragraph, '');
    else if ('facts' in block) lines.push(...block.facts.map(([label, value]) => `${label}: ${value}`), '');
    else lines.push(`${block.button}: ${block.url}`, '');
  }
  lines.push('—', SHOP);
  return `${lines.join('\n')}\n`;
}

/**
 * An amount as `money` writes it ("$1,234.56", "-$5.00"), with the "(… each)" a line's amount
 * carries: what the HTML part never breaks inside.
 */
const AMOUNT = /\(?-?\$\d{1,3}(?:,\d{3})*\.\d{2}(?: each\))?/g;

/**
 * A value as the HTML part writes it: escaped, each amount in one piece. The part's words may
 * break anywhere (below), so a line whose name was one word of 200 characters squeezed its amount
 * beside it to a column of a few letters ("$1,234 / .56", decision 155).
 */
function htmlText(value: string): string {
  return escape(value).replace(AMOUNT, (amount) => `<span style="white-space:nowrap">${amount}</span>`);
}

/**
 * The branded HTML part. Its words wrap anywhere a line must break (`overflow-wrap`, and
 * `word-break` for clients without it): a PO number of 50 characters, a long transaction id or
 * address otherwise widened a phone's message to 515 px of 390 (the journey mail.spec.ts).
 * An amount never breaks (`htmlText`).
 */
function html(subject: string, greeting: string, blocks: Block[]): string {
  const body = blocks
    .map((block) => {
      if ('paragraph' in block) return `<p style="margin:0 0 16px;line-height:1.5">${htmlText(block.paragraph)}</p>`;
      if ('facts' in block) {
        const rows = block.facts
          .map(
            ([label, value]) =>
              `<tr><th align="left" style="padding:6px 12px 6px 0;color:#475569;font-weight:600;vertical-align:top">${htmlText(label)}</th><td style="padding:6px 0;vertical-align:top">${htmlText(value)}</td></tr>`,
          )
          .join('');
        return `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse;font-size:14px">${rows}</table>`;
      }
      return `<p style="margin:0 0 16px"><a href="${escape(block.url)}" style="display:inline-block;background:${BRAND};color:#ffffff;text-decoration:none;font-weight:700;padding:12px 20px;border-radius:8px">${escape(block.button)}</a></p><p style="margin:0 0 16px;font-size:12px;color:#475569;word-break:break-all">${escape(block.url)}</p>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="color-scheme" content="light"><meta name="supported-color-schemes" content="light"><title>${escape(subject)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:${INK}">
<table role="presentation" width="100%" style="border-collapse:collapse"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" style="max-width:560px;border-collapse:collapse;background:#ffffff;border-radius:12px">
<tr><td style="background:${INK};color:#ffffff;padding:16px 24px;border-radius:12px 12px 0 0;font-size:18px;font-weight:800">${SHOP}</td></tr>
<tr><td style="padding:24px;overflow-wrap:anywhere;word-break:break-word">
<p style="margin:0 0 16px;line-height:1.5">${escape(greeting)}</p>
${body}
</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#475569;border-top:1px solid #e2e8f0">${SHOP} — car parts from the manufacturer.</td></tr>
</table></td></tr></table>
</body></html>
`;
}

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
