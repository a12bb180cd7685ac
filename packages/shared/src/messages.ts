/**
 * Every text of SPEC §5 (validation) and §8 (the error catalogue), in one place.
 * Forms, toasts and server replies import these; nothing spells them again.
 */
import { formatPrice } from './money';

export const validation = {
  emailRequired: 'Email is Required',
  emailInvalid: 'Provide a valid Email',
  passwordRequired: 'Password is Required',
  passwordTooShort: 'Must be 6 characters or longer',
  passwordConfirmRequired: 'Type the new password again',
  passwordsDiffer: 'The two new passwords are not the same',
  passwordUnchanged: 'Choose a password other than your current one',
  nameRequired: 'Name is Required',
  nameNoLinks: 'A name may not contain a web address or an e-mail address',
  addressRequired: 'Address is Required',
  quantityRequired: 'Order Quantity is Required',
  quantityBelowMinimum: 'Minimum Number of Orders Required',
  quantityAboveStock: 'Orders must be less than the available stock',
  descriptionRequired: 'Description is Required',
  phoneCharacters: 'A phone number has only digits, spaces, dashes, dots and parentheses, and + before a country code',
  phoneDigits: 'A phone number has 7 to 15 digits; numbers outside the US with their country code, e.g. +44 20 7946 0958',
  linkedinUrl: 'LinkedIn: give the web address of your profile, starting with https:// (or leave it blank)',
} as const;

/** Follows SPEC §8's 'Order Deleted successfully' when the cancelled order had been paid. */
export const paymentRefunded = (amount: number) => `Your payment of ${formatPrice(amount)} is refunded.`;

/** The same, told to the admin who cancelled a customer's paid order. */
export const customerPaymentRefunded = (amount: number) => `The customer’s payment of ${formatPrice(amount)} is refunded.`;

/** SPEC §5's text for a quantity below the part's minimum, then that minimum. */
export const quantityBelowMinimum = (minimum: number) => `${validation.quantityBelowMinimum} — at least ${minimum}`;

export const notices = {
  orderPlaced: 'You have successfully placed an order',
  orderFailed: 'Check Again',
  orderCancelled: 'Order Deleted successfully',
  actionFailed: 'action failed',
  reviewAdded: 'Thanks for your Review',
  somethingWrong: 'Something is wrong, try again',
  profileUpdated: 'Successfully Updated',
  productAdded: 'Successfully added',
  madeAdmin: 'Successfully made an admin',
  makeAdminFailed: 'Failed to Make an admin',
  userRemoved: 'User Deleted successfully',
  noUserLoggedIn: 'No user is logged in',
  signedOutOffline: 'You are signed out on this device. The shop could not be reached; it will be told when it can.',
} as const;

/**
 * What a page says of something it could not load (network or server trouble), by the thing's name
 * as the page calls it: "We could not load your orders right now." (decision 145).
 */
export const couldNotLoad = (what: string) => `We could not load ${what} right now.`;

/** Said (and shown as a bar at the top) while a page the visitor asked for is still loading (decision 215). */
export const pageLoading = 'Loading page…';

export const confirmations = {
  removeUser: 'Do you really want to Remove the user',
  cancelOrder: 'Do you really want to cancel order?',
} as const;

/** Asked before an admin changes who else is an admin (not in SPEC, which asked nothing). */
export const roleConfirmations = {
  makeAdmin: (email: string) =>
    `Make ${email} an admin? They will be able to manage every order, product and user, other admins included.`,
  removeAdmin: (email: string, isMe: boolean) =>
    isMe
      ? `Stop being an admin yourself? You will lose the admin pages at once; another admin can give the role back.`
      : `Make ${email} a customer again? They lose the admin pages at once.`,
} as const;

/** What a customer reads when signing in or up fails, by the auth provider's code. */
export const authErrors = {
  invalidCredentials: 'Wrong e-mail or password. Check both and try again.',
  unknownAccount: 'No account uses this e-mail. Sign up first.',
  emailInUse: 'An account with this e-mail already exists. Log in instead.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  network: 'Could not reach the shop. Check your connection and try again.',
  googleNotConfigured: 'Google sign-in is not configured on this shop. Use your e-mail and password.',
  googleFailed: 'Google sign-in did not complete. Please try again.',
  wrongCurrentPassword: 'This is not your current password. Check it and try again.',
  noPassword: 'This account signs in with Google and has no password here to change.',
  passwordChangeFailed: 'The password could not be changed. Please try again.',
  generic: 'Sign-in failed. Please try again.',
} as const;

/** Messages of the API's error replies (`{ message }`). */
export const apiErrors = {
  partNotFound: 'Part not found',
  notFound: 'Not found',
  internal: 'Internal Server Error',
  databaseUnavailable: 'The shop cannot reach its database right now. Please try again in a moment.',
  /** A change that met another at the same moment and was stopped for it (a deadlock, a serialization failure): a 503 with Retry-After (decision 184). */
  changeCollided: 'The shop was busy with another change to the same items. Please try again in a moment.',
  signInRequired: 'Sign in to do this',
  forbidden: 'You are not allowed to do this',
  emailMismatch: 'You can only act for your own account',
  orderNotFound: 'Order not found',
  outOfStock: 'Not enough stock left for this order. Lower the quantity and try again.',
  shippedNotCancellable: 'This order has shipped and can no longer be cancelled.',
  /** A warranty replacement: its claim hangs on it, so only the shop cancels it, before it ships (decision 110). */
  replacementNotCancellable: 'A free warranty replacement can be cancelled only by the shop, and only before any of it ships.',
  alreadyPaid: 'This order is already paid.',
  refundInProgress: 'This order is being cancelled and refunded already.',
  totalTooLarge: 'This order is too large to place online. Split it, or contact us.',
  orderCancelled: 'This order was cancelled and cannot be paid.',
  orderExpired: 'This order was not paid in time and has expired. Place it again to buy the part.',
  totalOutOfPaymentBounds: 'Online payment takes orders from $0.50 to $999,999.99. Change the quantity, or contact us.',
  hashingBusy: 'The shop is busy signing other customers in. Please try again in a few seconds.',
  crossOrigin: 'This request came from another site and was refused.',
  invalidText: 'Text may not contain NUL characters or broken Unicode.',
  bodyTooDeep: 'The request body is not a JSON object the shop can read.',
  /** Fastify's 413 of a body over its route's limit, in the shop's words (decision 130). */
  bodyTooLarge: 'The request body is larger than the shop takes here.',
  /** Fastify's 415 of a body of a type no route of ours reads (decision 130). */
  unsupportedMediaType: 'The request body is of a type the shop does not read here.',
  /** Fastify's router's 400 of a URL with a broken percent-escape: not echoed back (decision 130). */
  badUrl: 'This address is not one the shop can read.',
  /** Node's 431 of a request whose headers are over its limit (16 KB), in the shop's words (decision 193). */
  headersTooLarge: 'The request’s headers are larger than the shop takes.',
  /** Node's 408 of a request that has not arrived whole in time (decision 193). */
  requestTimeout: 'The request took too long to arrive. Please try again.',
  /** nginx's own 502 or 504: no instance of the shop answered (decision 193). */
  shopUnreachable: 'The shop cannot be reached right now. Please try again in a moment.',
} as const;

/**
 * A 400 whose first fault zod words itself ("Invalid input: expected string, received array" for
 * `?q=a&q=b`), not a message of the shared schemas: no customer reads zod's English or a field's
 * name. Its own export, apart from `apiErrors`: only the server says it.
 */
export const requestNotValid = 'This request is not valid.';

/** A rate-limited call (429): `after` is how long to wait, in words ("1 minute"). */
export const rateLimited = (after: string) => `Too many requests. Please try again in ${after}.`;
