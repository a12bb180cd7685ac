import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { z } from 'zod';
import { validation } from './messages';

/** The shop sells in dollars to North America: a number without a country code is read as one of its. */
export const PHONE_DEFAULT_COUNTRY: CountryCode = 'US';
export const PHONE_MAX_LENGTH = 30;
/** How many digits a phone number has (ITU E.164 allows at most 15; the shortest local numbers have 7). */
export const PHONE_DIGITS = { min: 7, max: 15 } as const;

/**
 * What is wrong with `phone` in words that fit it, or null for a number: 7 to 15 digits written
 * with spaces, dashes, dots, parentheses and an optional leading `+` ("01712345678",
 * "020 7946 0958", "+44 20 7946 0958", "(217) 555-0100"). Nothing else is allowed around the
 * digits, so the parser never picks a number out of a sentence.
 */
export function phoneProblem(phone: string): string | null {
  if (!/^\+?[0-9 ().-]+$/.test(phone)) return validation.phoneCharacters;
  const digits = phone.replace(/\D/g, '').length;
  return digits < PHONE_DIGITS.min || digits > PHONE_DIGITS.max ? validation.phoneDigits : null;
}

/**
 * A number (see phoneProblem) as it is kept: in its international form where libphonenumber
 * reads it as a valid number, international or national in `country` ("(217) 555-0100" in the
 * US, "020 7946 0958" in GB); otherwise as typed, its spaces collapsed.
 */
export function internationalPhone(phone: string, country: string = PHONE_DEFAULT_COUNTRY): string {
  const parsed = parsePhoneNumberFromString(phone, country as CountryCode);
  return parsed?.isValid() ? parsed.formatInternational() : phone.replace(/\s+/g, ' ');
}

/**
 * A phone number checked by `phoneProblem` and kept by `internationalPhone` (national form read
 * as the US). Blank means none. The profile's phone and, with the address's own country for the
 * national form, an address's phone (addresses.ts) take the same check.
 */
export const phoneSchema = z
  .string()
  .trim()
  .max(PHONE_MAX_LENGTH, `Phone must be at most ${PHONE_MAX_LENGTH} characters`)
  .superRefine((phone, context) => {
    const problem = phone === '' ? null : phoneProblem(phone);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .transform((phone) => (phone === '' ? '' : internationalPhone(phone)));
