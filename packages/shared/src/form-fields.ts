import { z } from 'zod';
import { parseMoneyText } from './money';
import { readQueryWholeNumber } from './catalogue-constants';
import { groupedNumber, hasNoDirectionControl, hasVisibleText } from './text';

/** Stock and quantities live in 32-bit integer columns; no real stock comes near this. */
export const STOCK_MAX = 1_000_000_000;

/** What a text field over its limit says ("Name is at most 200 characters"): the schema's own error would say it is required. */
export const tooLongMessage = (label: string, max: number) => `${label} is at most ${groupedNumber(max)} characters`;

/** What a free text another person reads says of a text-direction control in it (decision 216). */
export const directionControlMessage = (label: string) => `${label} can’t contain text-direction control characters`;

/**
 * `schema` (a free text another person reads: a name, an address, a note, a review) refusing the
 * text-direction controls (`hasNoDirectionControl`) with `directionControlMessage(label)`.
 */
export const withoutDirectionControls = <Schema extends z.ZodType<string>>(schema: Schema, label: string) =>
  schema.refine(hasNoDirectionControl, directionControlMessage(label));

/**
 * A required line of text (a product's name or description, a specification): trimmed, at most
 * `max` characters (else `tooLongMessage(label, max)`), refused with `required` when nothing in it
 * would show (white space or zero-width characters only), and holding no text-direction control:
 * every buyer reads it (decision 220).
 */
export function visibleTextField(required: string, max: number, label: string) {
  // Empty is one of the texts that do not show: one message for it, not two.
  return withoutDirectionControls(z.string({ error: required }).trim().max(max, tooLongMessage(label, max)).refine(hasVisibleText, required), label);
}

/**
 * A whole number as text: digits only, with a sign. A decimal is read too (to be called not
 * whole); "1e3", "0x10", "1_000" and "1,000", which `Number()` reads or half-reads, are not.
 */
const NUMBER_TEXT = /^[+-]?\d+(\.\d+)?$/;

/**
 * A whole number's field as typed: blank is undefined (missing), plain digits a number, and any
 * other text stays text, which a number schema then refuses with its own words.
 */
export function readNumberText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return NUMBER_TEXT.test(text) ? Number(text) : text;
}

/** A number typed into a form arrives as text (SPEC §3); the API takes either. */
export function wholeNumberField(label: string) {
  const number = z.number({
    error: (issue) =>
      issue.input === undefined
        ? `${label} is Required`
        : typeof issue.input === 'string' && /\d/.test(issue.input)
          ? `${label} must be a whole number in plain digits, like 1000`
          : `${label} must be a number`,
  });
  return z.preprocess(
    readNumberText,
    number.int(`${label} must be a whole number`).max(STOCK_MAX, `${label} is at most ${STOCK_MAX}`),
  );
}

/**
 * A price typed into a form ("12.50" or "12,50") or sent as a number. Text it cannot read for
 * certain is refused with a message, never read as a price a hundred times too high.
 */
export function moneyField(label: string) {
  return z.preprocess(
    (value) =>
      typeof value === 'string' ? (value.trim() === '' ? undefined : (parseMoneyText(value) ?? Number.NaN)) : value,
    z
      .number({
        error: (issue) =>
          issue.input === undefined ? `${label} is Required` : `${label} must be an amount like 12.50`,
      })
      .multipleOf(0.01, `${label} has at most two decimals`),
  );
}


/**
 * A whole number of a URL's query (a page, a page's size, an offset, a year, a quantity), read as
 * `readQueryWholeNumber` reads it (digits only) and held to `schema`, with its words: every query
 * of the shop reads its whole numbers this one way (decisions 183, 188). A number (a JSON body's)
 * is taken as it is; a default goes outside (`queryWholeNumber(…).default(1)`), where a missing
 * parameter takes it as before.
 */
export const queryWholeNumber = (schema: z.ZodNumber) =>
  z.preprocess((value) => (typeof value === 'string' ? readQueryWholeNumber(value) : value), schema);
