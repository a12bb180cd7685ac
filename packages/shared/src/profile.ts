import { z } from 'zod';
import { validation } from './messages';
import { phoneSchema } from './phone';
import { emailSchema, nameSchema } from './users';

/**
 * The profile (SPEC §2, §5), apart from the other account schemas because its phone rules
 * (libphonenumber's metadata) belong only to the pages and routes that edit a profile.
 */
const PROFILE_FIELD_MAX_LENGTH = 200;

const optionalText = (label: string) =>
  z
    .string()
    .trim()
    .max(PROFILE_FIELD_MAX_LENGTH, `${label} must be at most ${PROFILE_FIELD_MAX_LENGTH} characters`);

/**
 * A web page's address for a link: https only (no `javascript:`, `data:` or plain http), no
 * spaces, a host name with a dot right after `https://` (no `https:///x`, no `user@`).
 */
function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    const host = new URL(value).hostname;
    return host.includes('.') && value.slice('https://'.length).toLowerCase().startsWith(host);
  } catch {
    return false;
  }
}

/** A field that holds a link: blank, or an https:// address of at most the fields' length. */
const optionalHttpsUrl = (label: string, message: string) =>
  optionalText(label).refine((value) => value === '' || isHttpsUrl(value), message);

/**
 * The profile form: the name not blank, the phone a number (SPEC §5) in its international or
 * national form, LinkedIn blank or an https:// address, every other field optional.
 */
export const profileSchema = z.object({
  // Shown on reviews: never blank, or the e-mail would have to stand in for it.
  name: nameSchema,
  education: optionalText('Education'),
  location: optionalText('Location'),
  phone: phoneSchema,
  // Shown as a link one day: never a `javascript:` address (the only field that holds one).
  linkedin: optionalHttpsUrl('LinkedIn', validation.linkedinUrl),
});
export type ProfileInput = z.input<typeof profileSchema>;

/**
 * `PUT /user/{email}` (SPEC §7): `{email}` alone asks for an access token; with profile fields
 * it also updates the profile. Only these fields are read: anything else (a `role`) is dropped.
 */
export const userUpdateSchema = profileSchema.partial().extend({ email: emailSchema });

