import {
  carrierNames,
  CARRIERS,
  formatDay,
  formatPercent,
  formatPrice,
  formatTrackingNumber,
  lifecycleLabel,
  listInWords,
  orderStatusLabels,
  type AuditAction,
  type CarrierCode,
  type OrderStatus,
  formatCents,
} from '@autoparts/shared';

/** One line of a parcel: how many of the line went, of how many ordered. */
export interface ParcelLine {
  name: string;
  partNumber: string;
  quantity: number;
  ordered: number;
}

/**
 * What an audit row's ids stand for, looked up for a page of rows at once: parts by id, orders
 * by id, the parcels' lines by shipment id, review authors by review id, vehicles by id, companies'
 * names by id.
 */
export interface AuditLookups {
  parts: Map<string, { name: string; partNumber: string }>;
  orders: Map<string, { orderNumber: string; email: string }>;
  parcels: Map<string, ParcelLine[]>;
  reviews: Map<string, string>;
  vehicles: Map<string, string>;
  companies: Map<string, string>;
}

export interface AuditRowInput {
  action: string;
  target: string;
  details: Record<string, unknown>;
}

/**
 * The one place that turns an audit row into words: the sentence that follows the admin's e-mail,
 * saying what the action changed ("shipped 22 of 32 × Vented Brake Rotor (BRK-2001) of order
 * 100042 (jane@example.com) by UPS 1Z 999 AA1 01 2345 6784; the rest is still to ship"). Every
 * screen that shows the log shows this sentence. Parts, orders and reviews are named as they are
 * now; one since deleted is named by what the row kept, else by the start of its id.
 */
export function auditSentence({ action, target, details }: AuditRowInput, lookups: AuditLookups): string {
  const [kind, id = ''] = splitTarget(target);
  const part = () => partName(id, lookups, details);
  const order = () => orderName(id, lookups, details);
  const text = (key: string) => (typeof details[key] === 'string' ? details[key] : undefined);
  const count = (key: string) => (typeof details[key] === 'number' ? details[key] : undefined);
  const vehicle = () => vehicleName(text('vehicleId'), lookups);
  switch (action as AuditAction) {
    case 'user.make-admin':
      return `made ${target} an admin`;
    case 'user.remove-admin':
      return `made ${target} a customer again`;
    case 'user.remove':
      return `removed the user ${target}`;
    case 'part.add': {
      const number = lookups.parts.get(id)?.partNumber;
      const name = text('name');
      return name === undefined ? `added the product ${part()}` : `added the product “${name}”${number ? ` (${number})` : ''}`;
    }
    case 'part.update':
      return withChanges(`edited ${part()}`, productChanges(details));
    case 'part.restock':
      return count('quantity') === undefined ? `restocked ${part()}` : `restocked ${part()} by ${count('quantity')}`;
    case 'part.archive':
      return `archived ${part()}: it is no longer for sale`;
    case 'part.unarchive':
      return `put ${part()} back in the shop`;
    case 'part.catalogue':
      return withChanges(`edited the catalogue details of ${part()}`, catalogueChanges(details));
    case 'fitment.import':
      // Imports before decision 079 also created vehicles.
      return `imported fitment from a CSV file (${plural(count('rows'), 'row')}, ${plural(count('added'), 'new fitment')}${count('vehiclesAdded') === undefined ? '' : `, ${plural(count('vehiclesAdded'), 'new vehicle')}`})`;
    case 'fitment.export':
      return `exported the fitment as a CSV file (${plural(count('rows'), 'row')})`;
    case 'catalogue.import':
      return `uploaded ${quoted(text('fileName'), 'a file')} for ${text('mode') === 'apply' ? 'an import' : 'a dry run'} of ${text('kind') ?? 'catalogue data'}${text('onProblems') === 'skip' ? ', skipping what has problems' : ''}`;
    case 'catalogue.part-type-categories': {
      const unmapped = count('unmapped') ? `took the category off ${plural(count('unmapped'), 'part type')}` : '';
      if (!count('mapped')) return unmapped || 'saved the part type categories';
      return `mapped ${plural(count('mapped'), 'part type')} to categories${unmapped ? ` and ${unmapped}` : ''}`;
    }
    case 'fitment.remove':
      return `removed ${vehicle()} from the fitment of ${part()}`;
    case 'fitment-report.dismiss':
      return `dismissed a report that ${part()} does not fit ${vehicle()}: the fitment stays`;
    case 'fitment-report.remove-fitment':
      return `removed ${vehicle()} from the fitment of ${part()}, as a customer reported it does not fit`;
    case 'order.ship':
      return shipped(order(), details, lookups);
    case 'order.deliver':
      return `marked ${order()} delivered`;
    case 'order.cancel': {
      const was = text('was');
      return was && was in orderStatusLabels ? `cancelled ${order()}, which was ${orderStatusLabels[was as OrderStatus].toLowerCase()}` : `cancelled ${order()}`;
    }
    case 'review.hide':
      return `hid ${reviewName(id, lookups)} from the shop`;
    case 'review.show':
      return `showed ${reviewName(id, lookups)} again`;
    case 'review.hide-author':
      return `hid every review by ${target} (${plural(count('hidden'), 'review')})`;
    case 'image.upload':
      return `uploaded a photo (${String(count('width'))}×${String(count('height'))} px)`;
    case 'mail.resend':
      return text('recipient') === undefined ? 'resent an e-mail' : `resent an e-mail to ${text('recipient')}`;
    case 'shipping-method.add':
      return withChanges(`added the shipping method ${quoted(text('name'), 'without a name')}`, shippingTerms(details));
    case 'shipping-method.update':
      return withChanges(`edited the shipping method ${quoted(text('name'), 'without a name')}`, shippingTerms(details));
    case 'shipping-method.remove':
      return `deleted the shipping method ${quoted(text('name'), 'without a name')}`;
    case 'tax-rate.add':
      return `added a tax rate of ${rate(details)} for ${placeIn(details)}${details.appliesToShipping === true ? ', shipping taxed too' : ''}`;
    case 'tax-rate.update':
      return `set the tax rate for ${placeIn(details)} to ${rate(details)}${details.appliesToShipping === true ? ', shipping taxed too' : ''}`;
    case 'tax-rate.remove':
      return `deleted the tax rate for ${placeIn(details)} (${rate(details)})`;
    case 'return.approve':
      return approved(id, details, lookups);
    case 'return.reject':
      return text('reason') === undefined ? `rejected ${id}` : `rejected ${id}: “${text('reason')}”`;
    case 'return.receive':
      return received(id, details, lookups);
    case 'return.refund': {
      const refund = count('refundCents');
      const note = text('creditNote');
      return `refunded ${refund === undefined ? 'the refund' : formatCents(refund)} on ${id}${note ? ` (credit note ${note})` : ''}`;
    }
    case 'company.add':
      return `created the company “${text('name') ?? id}” with ${text('ownerEmail') ?? 'an owner'} as its owner${details.invited === true ? ' (invited by e-mail)' : ''}`;
    case 'company.update':
      return `changed the company “${text('name') ?? id}”: ${companyChanges(details)}`;
    case 'price-list.add':
      return `created the price list “${text('name') ?? id}” (priority ${count('priority') ?? '?'}, ${plural(count('entries'), 'entry', 'entries')}${datesOf(details)})`;
    case 'price-list.update':
      return `changed the price list “${text('name') ?? id}”: ${priceListChanges(details)}`;
    case 'price-list.remove':
      return `deleted the price list “${text('name') ?? id}”`;
    case 'company.payment': {
      const amount = details.amount;
      // The company by its name, as its other sentences say it: its id told an admin nothing.
      const company = lookups.companies.get(id);
      return `recorded a payment of ${typeof amount === 'number' ? formatPrice(amount) : 'money'} from ${company === undefined ? `company ${id}` : `“${company}”`} (reference “${text('reference') ?? '?'}”)`;
    }
    case 'certificate.verify':
      return `verified the resale certificate ${quoted(text('number'), 'without a number')} for ${text('state') ?? '?'} (version ${count('version') ?? '?'})`;
    case 'certificate.reject':
    case 'certificate.revoke':
      return `${action === 'certificate.reject' ? 'rejected' : 'revoked'} the resale certificate ${quoted(text('number'), 'without a number')} for ${text('state') ?? '?'} (version ${count('version') ?? '?'}): “${text('reason') ?? '?'}”`;
    case 'settings.update': {
      const fee = count('restockingFeePercent');
      return fee === undefined ? 'changed the shop settings' : `set the restocking fee to ${formatPercent(fee)}`;
    }
    default:
      return `made a change to ${kind === target ? target : shortTarget(kind, id)}`;
  }
}

function splitTarget(target: string): [string, string?] {
  const space = target.indexOf(' ');
  return space < 0 ? [target] : [target.slice(0, space), target.slice(space + 1)];
}

/** "part 0b1c5a3e-…" reads better as "the part 0b1c5a3e": the start of an id is enough to tell. */
function shortTarget(kind: string, id: string): string {
  return `the ${kind.replace(/-/g, ' ')} ${/^[0-9a-f]{8}-/i.test(id) ? id.slice(0, 8) : id}`;
}

function partName(id: string, lookups: AuditLookups, details: Record<string, unknown>): string {
  const part = lookups.parts.get(id);
  if (part) return `“${part.name}” (${part.partNumber})`;
  return typeof details.name === 'string' ? `“${details.name}”` : shortTarget('part', id);
}

function orderName(id: string, lookups: AuditLookups, details: Record<string, unknown>): string {
  const order = lookups.orders.get(id);
  if (order) return `order ${order.orderNumber} (${order.email})`;
  return typeof details.email === 'string' ? `an order of ${details.email}` : shortTarget('order', id);
}

function reviewName(id: string, lookups: AuditLookups): string {
  const author = lookups.reviews.get(id);
  return author === undefined ? shortTarget('review', id) : `the review by ${author}`;
}

function vehicleName(id: string | undefined, lookups: AuditLookups): string {
  const vehicle = id === undefined ? undefined : lookups.vehicles.get(id);
  return vehicle === undefined ? 'a vehicle' : `the ${vehicle}`;
}

/** A parcel: what went of each line, the carrier and its tracking number as the carrier prints it. */
function shipped(order: string, details: Record<string, unknown>, lookups: AuditLookups): string {
  const lines = typeof details.shipment === 'string' ? lookups.parcels.get(details.shipment) : undefined;
  const carrier = (CARRIERS as readonly string[]).includes(String(details.carrier)) ? (details.carrier as CarrierCode) : undefined;
  const tracking = typeof details.trackingNumber === 'string' ? details.trackingNumber : '';
  const how =
    carrier === undefined
      ? ''
      : carrier === 'other'
        ? tracking
          ? ` by another carrier, tracking ${tracking}`
          : ' by another carrier, without a tracking number'
        : tracking
          ? ` by ${carrierNames[carrier]} ${formatTrackingNumber(carrier, tracking)}`
          : ` by ${carrierNames[carrier]}, without a tracking number`;
  if (!lines || lines.length === 0) return `marked ${order} shipped${how}`;
  const rest = details.status === 'partially_shipped' ? '; the rest is still to ship' : details.status === 'shipped' ? '; everything on it has gone' : '';
  return `shipped ${listInWords(lines.map((line) => `${line.quantity} of ${line.ordered} × ${line.name} (${line.partNumber})`))} of ${order}${how}${rest}`;
}

function approved(rma: string, details: Record<string, unknown>, lookups: AuditLookups): string {
  if (details.resolution === 'refund') return `approved ${rma} for a refund`;
  if (details.resolution === 'replace') {
    const replacement = typeof details.replacementOrderId === 'string' ? lookups.orders.get(details.replacementOrderId) : undefined;
    return `approved ${rma} for a replacement${replacement ? ` (order ${replacement.orderNumber})` : ''}`;
  }
  return `approved ${rma}`;
}

function received(rma: string, details: Record<string, unknown>, lookups: AuditLookups): string {
  const lines = Array.isArray(details.lines) ? (details.lines as Array<{ partId?: unknown; quantity?: unknown; action?: unknown }>) : [];
  const parts = lines.map((line) => {
    const part = typeof line.partId === 'string' ? lookups.parts.get(line.partId) : undefined;
    const name = part ? `${part.name} (${part.partNumber})` : 'a part';
    return `${String(line.quantity)} × ${name} ${line.action === 'scrap' ? 'scrapped' : 'back to stock'}`;
  });
  const refund = typeof details.refundCents === 'number' ? details.refundCents : undefined;
  const fee = typeof details.restockingFeeCents === 'number' ? details.restockingFeeCents : 0;
  const money = refund === undefined ? '' : `; ${formatCents(refund)} to refund${fee > 0 ? ` after a ${formatCents(fee)} restocking fee` : ''}`;
  return `received ${rma}${parts.length > 0 ? `: ${listInWords(parts)}` : ''}${money}`;
}

/** A product's edited fields, as the row recorded them (`expectedAvailableQuantity` is a check, not a change). */
function productChanges(details: Record<string, unknown>): string[] {
  const changes: string[] = [];
  for (const [key, value] of Object.entries(details)) {
    switch (key) {
      case 'name':
        changes.push(`name “${String(value)}”`);
        break;
      case 'price':
        if (typeof value === 'number') changes.push(`price ${formatPrice(value)}`);
        break;
      case 'description':
        changes.push('the description');
        break;
      case 'img':
        changes.push('the picture');
        break;
      case 'availableQuantity':
        changes.push(`stock ${String(value)}`);
        break;
      case 'minOrderQuantity':
        changes.push(`minimum order ${String(value)}`);
        break;
      case 'weightKg':
        changes.push(`weight ${String(value)} kg`);
        break;
      case 'priceBreaks':
        changes.push(Array.isArray(value) && value.length > 0 ? plural(value.length, 'price break') : 'no price breaks');
        break;
      case 'coreDeposit':
        changes.push(typeof value === 'number' ? `core deposit ${formatPrice(value)}` : 'no core deposit');
        break;
      case 'warrantyMonths':
        changes.push(typeof value === 'number' ? `warranty ${plural(value, 'month')}` : 'no warranty');
        break;
      case 'lifecycle':
        changes.push(`life cycle “${lifecycleLabel(String(value))}”`);
        break;
      case 'replacedBy':
        changes.push(typeof value === 'string' ? `replaced by ${value}` : 'replaced by nothing');
        break;
      // The rows themselves, as the admin gave them (the first ten): a count alone told nobody what changed.
      case 'interchange':
        changes.push(Array.isArray(value) ? (value.length === 0 ? 'no interchange numbers' : `replaces ${firstTen(value.map(interchangeWords))}`) : 'interchange numbers');
        break;
      case 'kit':
        changes.push(Array.isArray(value) ? (value.length === 0 ? 'not a kit' : `kit of ${firstTen(value.map(componentWords))}`) : 'kit components');
        break;
    }
  }
  return changes;
}

/** "Bosch 0 986 479 B94 (2 of theirs = 1 of ours)" of an interchange row as recorded. */
function interchangeWords(row: unknown): string {
  const { brand, partNumber, quantity } = (typeof row === 'object' && row !== null ? row : {}) as Record<string, unknown>;
  return `${String(brand)} ${String(partNumber)}${typeof quantity === 'number' && quantity !== 1 ? ` (${quantity} of theirs = 1 of ours)` : ''}`;
}

/** "2 × BRK-3011" of a kit component as recorded. */
function componentWords(row: unknown): string {
  const { partNumber, quantity } = (typeof row === 'object' && row !== null ? row : {}) as Record<string, unknown>;
  return `${String(quantity)} × ${String(partNumber)}`;
}

/** A list in words, the first ten and then how many more. */
function firstTen(items: string[]): string {
  return items.length <= 10 ? listInWords(items) : `${items.slice(0, 10).join(', ')} and ${items.length - 10} more`;
}

function catalogueChanges(details: Record<string, unknown>): string[] {
  const changes: string[] = [];
  if (typeof details.partNumber === 'string') changes.push(`part number ${details.partNumber}`);
  if ('category' in details) changes.push(typeof details.category === 'string' ? `category ${details.category}` : 'no category');
  if (Array.isArray(details.oemNumbers)) changes.push(plural(details.oemNumbers.length, 'OEM number'));
  if (Array.isArray(details.specs)) changes.push(plural(details.specs.length, 'spec'));
  return changes;
}

function shippingTerms(details: Record<string, unknown>): string[] {
  const terms: string[] = [];
  if (typeof details.estimate === 'string') terms.push(details.estimate);
  if (typeof details.basePrice === 'number')
    terms.push(`${formatPrice(details.basePrice)}${typeof details.pricePerKg === 'number' && details.pricePerKg > 0 ? ` + ${formatPrice(details.pricePerKg)} a kg` : ''}`);
  if (typeof details.maxWeightKg === 'number') terms.push(`up to ${details.maxWeightKg} kg`);
  if (typeof details.freeOver === 'number') terms.push(`free over ${formatPrice(details.freeOver)}`);
  if (Array.isArray(details.countries)) terms.push(`to ${listInWords(details.countries.map(String))}`);
  if (details.active === false) terms.push('not offered');
  return terms;
}

/** US-IL, or US for a whole country, from the details recorded. */
function placeIn(details: Record<string, unknown>): string {
  if (typeof details.country !== 'string') return 'a place';
  return typeof details.region === 'string' ? `${details.country}-${details.region}` : details.country;
}

function rate(details: Record<string, unknown>): string {
  return typeof details.ratePercent === 'number' ? formatPercent(details.ratePercent) : 'a rate';
}

function withChanges(sentence: string, changes: string[]): string {
  return changes.length === 0 ? sentence : `${sentence}: ${changes.join(', ')}`;
}

function quoted(name: string | undefined, fallback: string): string {
  return name === undefined ? fallback : `“${name}”`;
}

function plural(count: number | undefined, noun: string, nouns = `${noun}s`): string {
  if (count === undefined) return nouns;
  return `${count} ${count === 1 ? noun : nouns}`;
}

/** "status on hold, credit limit $5,000.00": what an admin changed of a company, in words. */
/** ", from Jan 1, 2026 to Dec 31, 2026", or nothing for a list without dates: days as the pages write them (decision 155). */
function datesOf(details: Record<string, unknown>): string {
  const from = typeof details.startsAt === 'string' ? ` from ${formatDay(details.startsAt)}` : '';
  const to = typeof details.endsAt === 'string' ? ` to ${formatDay(details.endsAt)}` : '';
  return from || to ? `,${from}${to}` : '';
}

function priceListChanges(details: Record<string, unknown>): string {
  const changes = typeof details.changes === 'object' && details.changes !== null ? (details.changes as Record<string, unknown>) : {};
  const words = Object.entries(changes).map(([field, value]) => {
    if (field === 'startsAt') return typeof value === 'string' ? `starts ${formatDay(value)}` : 'no start date';
    if (field === 'endsAt') return typeof value === 'string' ? `ends ${formatDay(value)}` : 'no end date';
    if (field === 'priority') return `priority ${String(value)}`;
    return `${field} “${String(value)}”`;
  });
  if (typeof details.entries === 'number') words.push(`entries replaced (${plural(details.entries, 'entry', 'entries')})`);
  return words.length > 0 ? words.join(', ') : 'nothing';
}

function companyChanges(details: Record<string, unknown>): string {
  const changes = typeof details.changes === 'object' && details.changes !== null ? (details.changes as Record<string, unknown>) : {};
  const words = Object.entries(changes).map(([field, value]) => {
    if (field === 'creditLimit') return typeof value === 'number' ? `credit limit ${formatPrice(value)}` : 'no credit limit';
    if (field === 'paymentTerms') return typeof value === 'string' ? `terms ${value}` : 'no payment terms';
    if (field === 'poRequired') return value === true ? 'PO required' : 'PO not required';
    if (field === 'status') return value === 'on-hold' ? 'on hold' : 'active';
    if (field === 'taxId') return `tax id “${String(value)}”`;
    if (field === 'priceLists') return Array.isArray(value) && value.length > 0 ? `price lists ${value.map((name) => `“${String(name)}”`).join(', ')}` : 'no price lists';
    return `${field} “${String(value)}”`;
  });
  return words.length > 0 ? words.join(', ') : 'nothing';
}
