import { catalogueMessages } from './catalogue-constants';

/**
 * The Vehicle Identification Number (ISO 3779; 49 CFR 565): 17 characters, no I, O or Q, a check
 * digit in 9th place where the vehicle's market requires one, the model year in 10th. Checked here for the server and the browser alike.
 */
export const VIN_LENGTH = 17;

const transliteration: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const weights = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The VIN as it is compared: upper case, without spaces and dashes people type in. */
export const normaliseVin = (input: string) => input.replace(/[\s-]/g, '').toUpperCase();

/** The check digit (0–9 or X) that the other sixteen characters call for. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let index = 0; index < VIN_LENGTH; index++) {
    const char = vin[index] ?? '';
    const value = /\d/.test(char) ? Number(char) : (transliteration[char] ?? 0);
    sum += value * (weights[index] ?? 0);
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** The letters of the 10th character in order, from 1980 (A) to 2000 (Y), then 2001 (1) to 2009 (9). */
const yearCodes = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/**
 * The model years the 10th character can stand for (a code repeats every 30 years). For cars
 * and light trucks the 7th character tells the cycles apart: a digit for 1980–2009, a letter
 * for 2010–2039.
 */
export function vinModelYear(vin: string): number | undefined {
  const index = yearCodes.indexOf(vin[9] ?? '');
  if (index < 0) return undefined;
  return /\d/.test(vin[6] ?? '') ? 1980 + index : 2010 + index;
}

/** The World Manufacturer Identifier: the first three characters. */
export const vinWmi = (vin: string) => vin.slice(0, 3);

/**
 * Whether the 9th character must be the check digit: for vehicles made for North America (49 CFR
 * 565, WMIs beginning 1–5) and China (GB 16735, L). ISO 3779 does not require one, and makers
 * elsewhere often put a letter there (a 2003 Golf: WVWZZZ1JZ3W386752).
 */
export const vinHasCheckDigit = (vin: string) => /^[1-5L]/.test(vin);

/** Why a VIN is not well-formed, or undefined when it is. */
export function vinProblem(input: string): string | undefined {
  const vin = normaliseVin(input);
  if (vin.length !== VIN_LENGTH) return catalogueMessages.vinLength;
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(vin)) return catalogueMessages.vinCharacters;
  if (vinHasCheckDigit(vin) && vinCheckDigit(vin) !== vin[8]) return catalogueMessages.vinCheckDigit;
  if (vinModelYear(vin) === undefined) return catalogueMessages.vinYear;
  return undefined;
}
