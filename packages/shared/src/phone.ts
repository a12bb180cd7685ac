import { isValidPhoneNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { z } from 'zod';
import { validation } from './messages';

/** The shop sells in dollars to North America: a number without a country code is read as one of its. */
export const PHONE_DEFAULT_COUNTRY: CountryCode = 'US';
const PHONE_MAX_LENGTH = 30;

/**
 * A phone number in its international form ("+1 217 555 0100", "+44 20 7946 0958") or the
 * national one ("(217) 555-0100"), checked against libphonenumber's per-country rules and kept in
 * the international form. Only what people type in a number is allowed around the digits, so
 * the parser never picks a number out of a sentence. Blank means none.
 */
export const phoneSchema = z
  .string()
  .trim()
  .max(PHONE_MAX_LENGTH, `Phone must be at most ${PHONE_MAX_LENGTH} characters`)
  .refine((phone) => phone === '' || (/^\+?[0-9 ().-]+$/.test(phone) && isValidPhoneNumber(phone, PHONE_DEFAULT_COUNTRY)), validation.phoneInvalid)
  .transform((phone) => (phone === '' ? '' : (parsePhoneNumberFromString(phone, PHONE_DEFAULT_COUNTRY)?.formatInternational() ?? phone)));
