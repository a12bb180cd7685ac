import { isValidPhoneNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { z } from 'zod';
import { validation } from './messages';

/** The shop sells in dollars to North America: a number without a country code is read as one of its. */
export const PHONE_DEFAULT_COUNTRY: CountryCode = 'US';
export const PHONE_MAX_LENGTH = 30;

/**
 * Whether `phone` is a phone number in its international form ("+1 217 555 0100", "+44 20 7946
 * 0958") or the national form of `country` ("(217) 555-0100" in the US, "020 7946 0958" in GB),
 * by libphonenumber's per-country rules. Only what people type in a number is allowed around the
 * digits, so the parser never picks a number out of a sentence.
 */
export function isPhoneNumber(phone: string, country: string = PHONE_DEFAULT_COUNTRY): boolean {
  return /^\+?[0-9 ().-]+$/.test(phone) && isValidPhoneNumber(phone, country as CountryCode);
}

/** A valid number (see isPhoneNumber) in its international form, as it is kept. */
export function internationalPhone(phone: string, country: string = PHONE_DEFAULT_COUNTRY): string {
  return parsePhoneNumberFromString(phone, country as CountryCode)?.formatInternational() ?? phone;
}

/**
 * A phone number in its international or national (US) form, checked by `isPhoneNumber` and
 * kept in the international form. Blank means none. The profile's phone and, with the address's
 * own country for the national form, an address's phone (addresses.ts) take the same check.
 */
export const phoneSchema = z
  .string()
  .trim()
  .max(PHONE_MAX_LENGTH, `Phone must be at most ${PHONE_MAX_LENGTH} characters`)
  .refine((phone) => phone === '' || isPhoneNumber(phone), validation.phoneInvalid)
  .transform((phone) => (phone === '' ? '' : internationalPhone(phone)));
