import { z } from 'zod';
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
 * The profile form: the name not blank, the phone a number (SPEC §5) in its international or
 * national form, every other field optional.
 */
export const profileSchema = z.object({
  // Shown on reviews: never blank, or the e-mail would have to stand in for it.
  name: nameSchema,
  education: optionalText('Education'),
  location: optionalText('Location'),
  phone: phoneSchema,
  linkedin: optionalText('LinkedIn'),
});
export type ProfileInput = z.input<typeof profileSchema>;

/**
 * `PUT /user/{email}` (SPEC §7): `{email}` alone asks for an access token; with profile fields
 * it also updates the profile. Only these fields are read: anything else (a `role`) is dropped.
 */
export const userUpdateSchema = profileSchema.partial().extend({ email: emailSchema });

