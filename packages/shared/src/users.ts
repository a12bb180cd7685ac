import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants';
import { validation } from './messages';
import { paymentModeSchema } from './payments';
import { visibleText } from './text';

/** Bounds that keep a field sane; the spec sets none beyond the password's minimum. */
export const NAME_MAX_LENGTH = 100;
export const PASSWORD_MAX_LENGTH = 128;

/** RFC 5321's bound on a usable address (a path of 256 with its angle brackets). */
export const EMAIL_MAX_LENGTH = 254;

export const emailSchema = z
  .string({ error: validation.emailRequired })
  .trim()
  .min(1, validation.emailRequired)
  .max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email(validation.emailInvalid));

export const passwordSchema = z
  .string({ error: validation.passwordRequired })
  .min(1, validation.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, validation.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, `Must be at most ${PASSWORD_MAX_LENGTH} characters`);

/**
 * A web address (a scheme, `www.`, or a dotted host ending in a word like `.com`) or an e-mail
 * address. The name is repeated to others (reviews) and in mail: a stranger signing up with a
 * victim's address must not be able to write them a message with a link in it.
 */
const LINK_LIKE = /[a-z][a-z0-9+.-]*:\/\/|\bwww\.|[^\s@]@[^\s@]|\b[a-z0-9-]+\.[a-z]{2,}\b/i;

export const nameSchema = z
  .string({ error: validation.nameRequired })
  .overwrite(visibleText)
  .trim()
  .min(1, validation.nameRequired)
  .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`)
  .refine((name) => !LINK_LIKE.test(name), validation.nameNoLinks);

/** The name of an account whose provider (Google) gave one `nameSchema` refuses. */
export const NAME_WHEN_REFUSED = 'Customer';

/** The login form (SPEC §2, §5). */
export const loginSchema = z.object({ email: emailSchema, password: passwordSchema });
export type LoginInput = z.infer<typeof loginSchema>;

/** The signup form (SPEC §2, §5). */
export const signupSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type SignupInput = z.infer<typeof signupSchema>;

/**
 * Where 'Continue with Google' sends the browser back to: a page of the shop (Better Auth refuses
 * any other), with its query. Kept with the sign-in's state until Google answers, so bounded.
 */
export const GOOGLE_CALLBACK_MAX_LENGTH = 2048;
const googleCallbackSchema = z.string().max(GOOGLE_CALLBACK_MAX_LENGTH);

/**
 * `POST /api/auth/sign-in/social`: what starting 'Continue with Google' takes. Nothing else reaches
 * Better Auth (no scopes, login hint or data of the caller's kept with the state).
 */
export const googleSignInSchema = z.object({
  provider: z.literal('google'),
  callbackURL: googleCallbackSchema,
  errorCallbackURL: googleCallbackSchema.optional(),
  newUserCallbackURL: googleCallbackSchema.optional(),
});
export type GoogleSignInInput = z.infer<typeof googleSignInSchema>;

/** The password a signed-in customer types to prove it is them: only bounded, whatever its age. */
const currentPasswordSchema = z
  .string({ error: validation.passwordRequired })
  .min(1, validation.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, `Must be at most ${PASSWORD_MAX_LENGTH} characters`);

const changePasswordFields = {
  currentPassword: currentPasswordSchema,
  newPassword: passwordSchema,
  confirmPassword: z.string({ error: validation.passwordConfirmRequired }).min(1, validation.passwordConfirmRequired),
};

/**
 * A rule across two fields, checked as soon as both are valid by themselves (zod would otherwise
 * wait for the whole form), its message on the second.
 */
function acrossFields<A extends keyof typeof changePasswordFields, B extends keyof typeof changePasswordFields>(
  first: A,
  second: B,
  holds: (a: string, b: string) => boolean,
  message: string,
) {
  const both = z.object({ [first]: changePasswordFields[first], [second]: changePasswordFields[second] });
  const check = (input: Record<A | B, string>) => holds(input[first], input[second]);
  const params = { message, path: [second], when: ({ value }: { value: unknown }) => both.safeParse(value).success };
  return [check, params] as [typeof check, typeof params];
}

const newDiffersFromCurrent = acrossFields('currentPassword', 'newPassword', (current, next) => current !== next, validation.passwordUnchanged);

/**
 * `POST /api/auth/change-password`: the current password and a new one by the sign-up rules
 * (SPEC §5), not the same as the current one.
 */
export const changePasswordSchema = z
  .object({ currentPassword: changePasswordFields.currentPassword, newPassword: changePasswordFields.newPassword })
  .refine(...newDiffersFromCurrent);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The Change password form: the API's fields, and the new password typed twice. */
export const changePasswordFormSchema = z
  .object(changePasswordFields)
  .refine(...newDiffersFromCurrent)
  .refine(...acrossFields('newPassword', 'confirmPassword', (next, again) => next === again, validation.passwordsDiffer));

export const userUpdateReplySchema = z.object({
  result: z.object({ acknowledged: z.boolean(), modifiedCount: z.number().int() }),
  token: z.string(),
  /** ISO time at which the token stops working; the web app renews it five minutes before. */
  expiresAt: z.string(),
});
export type UserUpdateReply = z.infer<typeof userUpdateReplySchema>;

export const emailParamsSchema = z.object({
  email: z.string().max(EMAIL_MAX_LENGTH, `Email must be at most ${EMAIL_MAX_LENGTH} characters`),
});

export const adminReplySchema = z.object({ admin: z.boolean() });

export const roleSchema = z.enum(['customer', 'admin']);
export type Role = z.infer<typeof roleSchema>;

/** The signed-in user as the web app sees it (`GET /api/me`). */
export const meSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  education: z.string(),
  location: z.string(),
  phone: z.string(),
  linkedin: z.string(),
  /** Whether the address is confirmed through the link of our e-mail (or Google's word). */
  emailVerified: z.boolean(),
  /** Present (true) for a member of a company (decision 075): the account menu offers its Company page. */
  company: z.literal(true).optional(),
  /**
   * The member's company (decision 187): whom they are priced for. The web app drops every price it
   * holds when it changes, a company left and another joined included (decision 080).
   */
  companyId: z.string().optional(),
});
export type Me = z.infer<typeof meSchema>;

/** What the web app needs to know about the server's set-up (`GET /api/config`). */
export const clientConfigSchema = z.object({ googleSignIn: z.boolean(), payments: paymentModeSchema });
export type ClientConfig = z.infer<typeof clientConfigSchema>;
