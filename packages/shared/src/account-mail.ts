import { z } from 'zod';
import { paths } from './paths';
import { passwordSchema, emailSchema } from './users';

/** Longer than any token the shop hands out; a longer one is not ours. */
const TOKEN_MAX_LENGTH = 200;

/**
 * The longest page to come back to that a reset link carries (`from`): the link, about 170
 * characters without it, stays well within what mail programs keep as one link.
 */
export const RESET_FROM_MAX_LENGTH = 1024;

/**
 * The forgot-password form and `POST /api/auth/request-password-reset`. `from`, optional: the
 * shop's page the customer was going to when they signed in (a path of this site, read again by
 * the web app's `redirectTarget` when the link comes back); the reset link carries it.
 */
export const forgotPasswordSchema = z.object({
  email: emailSchema,
  from: z
    .string()
    .max(RESET_FROM_MAX_LENGTH, 'The page to come back to is too long')
    .regex(/^\/(?![/\\])/, 'The page to come back to is not a page of this shop')
    .optional(),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** The reset-password form: the new password follows the sign-up rules (SPEC §5). */
export const resetPasswordFormSchema = z.object({ newPassword: passwordSchema });

/** `POST /api/auth/reset-password`: the link's token and the new password. */
export const resetPasswordSchema = resetPasswordFormSchema.extend({
  token: z.string().min(1, 'The link is incomplete').max(TOKEN_MAX_LENGTH, 'The link is not valid'),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/**
 * The `?error=` with which Better Auth's check of a reset link (`GET /api/auth/reset-password/<token>`)
 * opens /reset-password when the link was used or has expired.
 */
export const RESET_LINK_DEAD = 'INVALID_TOKEN';

/** Where the confirmation link lands after the server checked it (`&error=` when it was bad). */
export const VERIFY_EMAIL_CALLBACK = `${paths.verifyEmail}?done=1`;

/** Texts of account recovery and address verification, for the pages and the server alike. */
export const accountMailMessages = {
  resetRequested: 'If an account exists for this e-mail, we sent a link to reset its password. Check your inbox (and spam folder); the link works for one hour.',
  resetDone: 'Your password is changed and you are signed in. Every other device was signed out.',
  passwordChanged: 'Your password is changed. Every other device was signed out.',
  resetLinkInvalid: 'This link has expired or was already used. Ask for a new one below.',
  resetLinkMissing: 'This page opens from the link in our e-mail. Ask for a new link below.',
  verified: 'Your e-mail address is confirmed. You can now also sign in with Google for this address.',
  verifyLinkInvalid: 'This confirmation link has expired or is not valid. Sign in and send a new one from your profile.',
  verifyLinkMissing: 'This page opens from the link in our e-mail.',
  verifyLinkForeign: 'This confirmation link is not one the shop sent.',
  verificationSent: 'We sent a confirmation link to your e-mail address. It works for 24 hours.',
  /** Said where a sign-up lands (the cart or checkout it came from, else home). */
  accountCreated: 'Account created — we sent a confirmation link',
  /** Google sent us back without an address it has confirmed (`?error=email_not_found`). */
  googleEmailNotConfirmed:
    'Google did not give us a confirmed e-mail address, so we cannot sign you in with it. Confirm the address with Google, or sign up with your e-mail and a password.',
  googleNeedsVerifiedEmail:
    'This e-mail already has an account with a password, and its address is not confirmed yet, so Google cannot be linked to it. Log in with your password, confirm your address from your profile (we send a link), then use Continue with Google. If you do not know the password, choose a new one with “Forgot password?”: its link confirms the address too.',
} as const;

/**
 * The e-mail that tells an account's owner their password was changed (by a reset through the
 * e-mailed link, or on the Change password page): when, and what to do if it was not them.
 */
export const passwordChangedMail = {
  subject: 'Your password was changed',
  /** `at`: the time in the shop's zone, named ("Dec 5, 2026, 10:40 AM EST"). */
  what: (shop: string, at: string) => `The password of your ${shop} account was changed on ${at}. Every other device was signed out.`,
  notYou: 'If this was not you, reset your password now: someone else may know it.',
  button: 'Reset your password',
  /** The page the button opens: the forgot-password form, which mails a reset link. */
  path: paths.forgotPassword,
} as const;
