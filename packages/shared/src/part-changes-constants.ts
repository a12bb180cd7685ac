import type { BuyAgainReply } from './part-changes';

// Issue 30's words and pure rules, without zod: the shop's first pages (a part card says "Replaces …")
// take these and not the schemas (as cart-constants.ts is to cart.ts).

/**
 * PIES life-cycle codes (EXPI `LIF`) the shop names in words, as Auto Care's code list names them;
 * any other code of one or two digits is accepted (decision 213: 3 is "Electronically announced",
 * not a discontinued part; A, a letter, is "Available only while supplies last").
 */
export const lifecycleLabels: Record<string, string> = {
  '0': 'Proposed',
  '1': 'Released',
  '2': 'Available to order',
  '3': 'Electronically announced',
  '4': 'Announced',
  '5': 'Temporarily unavailable',
  '6': 'Renumbered',
  '7': 'Superseded',
  '8': 'Discontinued',
  '9': 'Obsolete',
  A: 'Available only while supplies last',
};
export const LIFECYCLE_AVAILABLE = '2';
/** A part sold from its stock until it runs out, and never restocked (PIES's A, decision 213): on sale, orderable while in stock, replaced by none. */
export const LIFECYCLE_WHILE_STOCK_LASTS = 'A';
/** A life-cycle code as stored (migration 0133): one or two digits, or A. The one place for it: the editor's schema and the PIES and CSV imports. */
export const LIFECYCLE_CODE_PATTERN = /^(?:[0-9]{1,2}|A)$/;
/** Codes whose part is replaced by another and must name it. */
export const REPLACED_CODES: readonly string[] = ['6', '7'];
/** Codes of a part no longer made: its page stays, it cannot be ordered, a replacement is optional. */
export const ENDED_CODES: readonly string[] = ['8', '9'];

/** Whether a part of this life-cycle code is no longer made (its page stays, unindexed, and it cannot be ordered). */
export const isEnded = (code: string) => ENDED_CODES.includes(code);

/** Whether a part of this life-cycle code is renumbered or superseded: it is ordered as the part that replaces it. */
export const isReplaced = (code: string) => REPLACED_CODES.includes(code);

/**
 * What a part's page says of a part sold only while supplies last (PIES's A, decision 213): apart
 * from `partChangeMessages`, which the home page's cards carry, as these are the part page's alone.
 */
export const whileStockLastsMessages = {
  /** Above its details while it has stock to order. */
  notice: 'Available only while supplies last: once these are sold, no more will be made.',
  /** Above its details, and in its buy box, once its stock no longer holds its minimum order. */
  soldOut: 'Sold out for good: this part was sold only while supplies lasted, and no more will be made.',
  soldOutShort: 'Sold out for good',
} as const;

export const lifecycleLabel = (code: string) => lifecycleLabels[code] ?? `Life-cycle status ${code}`;

export const INTERCHANGE_MAX = 50;
/** An interchange row's brand: its name, or its Auto Care brand code (decision 206). */
export const INTERCHANGE_BRAND_KINDS = ['label', 'code'] as const;
/** An Auto Care brand code (PIES `BrandAAIAID`) as the shop keeps one: four capitals or digits, like the parts' (migration 0040). */
export const BRAND_CODE_PATTERN = /^[A-Z0-9]{4}$/;
/** How many vehicles a replacement does not fit are named in the save's warnings; the rest are counted. */
export const REPLACEMENT_FIT_WARNINGS_LISTED = 5;
export const KIT_COMPONENTS_MAX = 50;

/** One place for what the part-change rules say when they refuse. */
/** Part numbers in a sentence: the first ten, then how many more. */
const listed = (partNumbers: readonly string[]) =>
  partNumbers.length <= 10 ? partNumbers.join(', ') : `${partNumbers.slice(0, 10).join(', ')} and ${partNumbers.length - 10} more`;

export const partChangeMessages = {
  badLifecycle: 'Life-cycle status is a PIES code: one or two digits, like 2 or 7, or A (available only while supplies last)',
  replacementRequired: (code: string) => `A part that is ${lifecycleLabel(code).toLowerCase()} needs the part that replaces it`,
  replacementNotAllowed: (code: string) => `A part that is ${lifecycleLabel(code).toLowerCase()} is not replaced by another`,
  replacementMissing: (partNumber: string) => `There is no part ${partNumber} to replace this one`,
  replacementSelf: 'A part cannot replace itself',
  replacementCycle: (chain: readonly string[]) => `That replacement would go round in a circle: ${chain.join(' → ')}`,
  replacementArchived: (partNumber: string) => `${partNumber} is archived, so it cannot replace this one: restore it first, or name another part`,
  interchangeRow: (row: number) => `Interchange ${row}: give a brand, a number and a whole quantity from 1`,
  interchangeBrandCode: (row: number) => `Interchange ${row}: a brand code is four letters or digits, like BKPN`,
  interchangeTwice: (brand: string, partNumber: string) => `${brand} ${partNumber} is listed twice`,
  /** A number of only dashes, spaces or dots matches nothing: search and quick order compare letters and digits. */
  interchangeNoCharacters: (row: number) => `Interchange ${row}: the number needs letters or digits`,
  tooManyInterchange: `At most ${INTERCHANGE_MAX} interchange numbers`,
  kitRow: (row: number) => `Component ${row}: give a part number and a whole quantity from 1`,
  kitTwice: (partNumber: string) => `${partNumber} is listed twice in the kit`,
  tooManyComponents: `At most ${KIT_COMPONENTS_MAX} components in a kit`,
  componentMissing: (partNumber: string) => `There is no part ${partNumber} to put in the kit`,
  componentSelf: 'A kit cannot contain itself',
  componentIsKit: (partNumber: string) => `${partNumber} is a kit itself: a kit holds single parts`,
  componentArchived: (partNumber: string) => `${partNumber} is archived, so it cannot be in a kit: restore it first, or take it out of the kit`,
  /** Archiving a part that others still point to: what replaces it or holds it must change first. */
  archivePointedTo: (replaced: readonly string[], kits: readonly string[]) =>
    [
      'This part cannot be archived while other parts point to it.',
      replaced.length > 0 ? `It replaces ${listed(replaced)}: give ${replaced.length === 1 ? 'that part' : 'those parts'} another replacement first.` : '',
      kits.length > 0 ? `It is in ${kits.length === 1 ? 'kit' : 'kits'} ${listed(kits)}: take it out of ${kits.length === 1 ? 'that kit' : 'those kits'} first.` : '',
    ]
      .filter(Boolean)
      .join(' '),
  partIsComponent: 'This part is in a kit, so it cannot be a kit itself',
  noLongerMade: 'This part is no longer made and cannot be ordered.',
  /** A cart's or a checkout's line of a part no longer made, which blocks checkout until removed. */
  noLongerMadeLine: 'This part is no longer made and cannot be ordered. Remove it to check out.',
  /** The buy box's status in place of its stock and buttons. */
  noLongerMadeShort: 'No longer made',
  /** A renumbered or superseded part, asked for by its old number or id (Order now, its page). */
  replacedNotSold: 'This part has been replaced and is no longer sold under this number.',
  /** A checkout's line of a part replaced since the cart was last shown. */
  replacedLine: 'This part has been replaced. Open your cart again: it holds the part that replaces it.',
  replacedBy: 'Replaced by',
  alsoInKit: 'Also sold in kit',
  kitContents: 'What is in this kit',
  replacesTheseNumbers: 'Replaces these numbers',
  /** Quick order: a line naming a renumbered or superseded part, added as its current replacement. */
  orderedAsReplacement: (old: string, current: string) => `${old} is replaced by ${current}: ${current} was added instead`,
  /** Quick order: a line naming another brand's number, added as our part in our quantity. */
  orderedAsOurs: (theirs: { brand: string; partNumber: string; quantity: number }, asked: number, ours: { partNumber: string; quantity: number }) =>
    `${theirs.brand} ${theirs.partNumber} is our ${ours.partNumber} (${theirs.quantity} of theirs = 1 of ours): ${asked} of theirs added as ${ours.quantity} of ours${asked % theirs.quantity === 0 ? '' : ', rounded up'}`,
  /** A cart line whose part was renumbered or superseded since it was put there. */
  cartLineReplaced: (old: string, current: string) => `${old} has been replaced by ${current}: your cart now holds ${current}`,
  /** An interchange number's quantity in words: how many of theirs make one of ours. */
  theirsPerOurs: (quantity: number) => `1 of ours = ${quantity} of theirs`,
} as const;

/**
 * Follows `replacedBy` links from `start` to the part that is current: the end of the chain and
 * the parts on the way (start first). A chain that comes back on itself is reported as a cycle.
 */
export function resolveReplacement<K>(
  start: K,
  next: (key: K) => K | null | undefined,
): { current: K; chain: K[] } | { cycle: K[] } {
  const chain: K[] = [start];
  const seen = new Set<K>([start]);
  for (let key = next(start); key !== null && key !== undefined; key = next(key)) {
    chain.push(key);
    if (seen.has(key)) return { cycle: chain };
    seen.add(key);
  }
  return { current: chain.at(-1) as K, chain };
}

/**
 * Their quantity in ours: `theirs` units of a number of which `perOurs` make one of ours, rounded
 * up (4 of theirs at 2:1 is 2 of ours; 3 is 2 as well).
 */
export function toOurQuantity(theirs: number, perOurs: number): number {
  return Math.ceil(theirs / perOurs);
}

/**
 * A part number as typed off a box, as migration 0017 keys it: the letters and digits only, upper
 * case ("brk 1001" → "BRK1001"). The one place for it: search, quick order and interchange.
 */
export const numberKey = (partNumber: string) => partNumber.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** What "Buy again" on My Orders and Order history says of the reply. */
export const buyAgainMessages = {
  button: 'Buy again',
  added: (lines: number) => (lines === 0 ? 'Nothing was added to your cart' : `${lines} ${lines === 1 ? 'line' : 'lines'} added to your cart:`),
  addedLine: (line: BuyAgainReply['added'][number]) =>
    line.replaced ? `${line.quantity} × ${line.partNumber}, which replaces ${line.replaced}` : `${line.quantity} × ${line.partNumber}`,
  skipped: (lines: number) => `${lines} ${lines === 1 ? 'line was' : 'lines were'} not added:`,
  goToCart: 'Go to your cart',
  failed: 'We could not add this order to your cart. Try again.',
} as const;
