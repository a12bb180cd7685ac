import { z } from 'zod';
import { parseMoneyText } from './money';

/** Stock and quantities live in 32-bit integer columns; no real stock comes near this. */
export const STOCK_MAX = 1_000_000_000;

/** A number typed into a form arrives as text (SPEC §3); the API takes either. */
export function wholeNumberField(label: string) {
  const number = z.number({
    error: (issue) => (issue.input === undefined ? `${label} is Required` : `${label} must be a number`),
  });
  return z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value),
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

