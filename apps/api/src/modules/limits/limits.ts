import type { Limit } from './repository';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Every rate limit of the shop in one table (DESIGN §8), each far above what an honest customer,
 * workshop or admin does in its window. Counted per account where the caller is signed in, per
 * client address otherwise (plugins/rate-limits.ts); the counters live in the database. A limit
 * with `perAddress` counts a signed-in caller's writes per address too, in the same window:
 * accounts cost nothing but a sign-up, and one address could otherwise make one per allowance
 * (decision 211).
 */
export const limits = {
  /** Every sign-in attempt from one address. */
  signInPerIp: { max: 100, windowSeconds: 15 * MINUTE },
  /**
   * Failed sign-ins for one account from one address: another address's failures never lock
   * the owner out, and one address cannot guess more than this per window.
   */
  signInFailuresPerAccountAndIp: { max: 10, windowSeconds: 15 * MINUTE },
  signUpPerIp: { max: 50, windowSeconds: HOUR },
  /**
   * Starting 'Continue with Google' from one address: each start keeps a state row for ten
   * minutes, until Google answers. A customer presses it a few times; no address needs more than
   * its sign-ins' allowance.
   */
  googleSignInPerIp: { max: 100, windowSeconds: 15 * MINUTE },
  /**
   * Forgot password: every request from one address; per e-mail asked about from one
   * address, so that a stranger asking about a customer's e-mail uses up their own allowance, not
   * the customer's; and per e-mail from everywhere, a higher ceiling, so that nobody fills a
   * customer's inbox from many addresses. Counted whether or not an account has the e-mail, so
   * the limits reveal nothing.
   */
  passwordResetPerIp: { max: 20, windowSeconds: HOUR },
  passwordResetPerEmailAndIp: { max: 3, windowSeconds: HOUR },
  passwordResetPerEmail: { max: 10, windowSeconds: HOUR },
  /** Choosing the new password through the link: hashes, like sign-in. */
  resetPasswordPerIp: { max: 20, windowSeconds: 15 * MINUTE },
  /** Resending the confirmation link: per address, and per account (or e-mail when signed out). */
  verificationPerIp: { max: 20, windowSeconds: HOUR },
  verificationPerAccount: { max: 3, windowSeconds: HOUR },
  /**
   * One confirmation link per e-mail a minute: another asked within it (a double-click, two tabs)
   * is answered as if sent and sends nothing, the first being on its way. Not scaled by
   * `LIMIT_SCALE`: it is no allowance but a duplicate's window.
   */
  verificationCooldown: { max: 1, windowSeconds: MINUTE },
  changePasswordPerSession: { max: 5, windowSeconds: 15 * MINUTE },
  changePasswordPerAccount: { max: 10, windowSeconds: HOUR },
  /** `PUT /user/{email}`: access tokens (the web app asks about once an hour) and profile updates. */
  userUpdates: { max: 60, windowSeconds: HOUR },
  /** Placing orders: `POST /order` and `POST /checkout` together. */
  orders: { max: 30, windowSeconds: HOUR },
  /** `POST /checkout/quote`: /checkout asks again on each change of address or shipping method. */
  checkoutQuotes: { max: 300, windowSeconds: HOUR },
  cancels: { max: 30, windowSeconds: HOUR },
  /** `POST /returns`: a customer sends a few parts back a year; a workshop a few a day. */
  returns: { max: 30, windowSeconds: HOUR },
  payments: { max: 20, windowSeconds: HOUR },
  /**
   * Reviews go on the home page at once, the newest REVIEWS_SHOWN in the carousel: from one address
   * ten a day, whichever accounts write them (`perAddress`).
   */
  reviews: { max: 3, windowSeconds: DAY, perAddress: 10 },
  adminWrites: { max: 600, windowSeconds: HOUR },
  /**
   * Invoices and credit notes as PDFs (`GET /order/{id}/invoice.pdf`, `…/credit-notes/…`), per
   * account: each is drawn on request (a few milliseconds of CPU). An accountant downloading a
   * year's invoices of a workshop stays far below; a loop that renders all day does not.
   */
  documents: { max: 300, windowSeconds: HOUR },
  /**
   * The cart: every change of a quantity, a removal, the merge at sign-in (a few hundred an hour
   * for a workshop filling a big order); quick order, a pasted list each time; and a visitor's
   * cart priced by the server (`POST /cart/preview`, per address), once per look at it.
   */
  cart: { max: 600, windowSeconds: HOUR },
  quickOrders: { max: 60, windowSeconds: HOUR },
  cartPreviews: { max: 600, windowSeconds: 10 * MINUTE },
  /** My Garage: saved on every change of vehicle. */
  garage: { max: 120, windowSeconds: HOUR },
  /** The address book's writes (add, change, delete, make default). */
  addresses: { max: 120, windowSeconds: HOUR },
  /** A company's writes by its members: accepting, removing, locations (decision 075). */
  company: { max: 120, windowSeconds: HOUR },
  /** Invitations each send an e-mail: an owner inviting a garage's staff stays far below. */
  companyInvitations: { max: 30, windowSeconds: HOUR },
  /**
   * Public catalogue reads, per address: `GET /search` (/shop asks once per search, filter or
   * page), and the vehicle selector's lists, a vehicle's fitting parts (once per page of cards)
   * and a part's fitment. A shopper makes a few a minute, a workshop of several people behind one
   * address a few hundred an hour; this stops a scraper walking the catalogue at database speed.
   */
  search: { max: 600, windowSeconds: 10 * MINUTE },
  vehicleReads: { max: 600, windowSeconds: 10 * MINUTE },
  /**
   * Pages drawn on the server (decision 035) that memory does not answer, per address: a member's
   * pages, `/part/{id}`, a part number or search not drawn before. 20–60 ms of a core each; past
   * this the page template is sent with 429, and the browser draws the page (decision 123).
   */
  pageRenders: { max: 600, windowSeconds: 10 * MINUTE },
  /**
   * `GET /parts/by-number/{partNumber}` and `GET /part/{id}` not answered by the cache: a part's
   * public page (decision 049) and SPEC's part read, which a member's prices never let the cache
   * answer; a part with thousands of applications costs a second of the shop (decision 173).
   */
  partPageReads: { max: 600, windowSeconds: 10 * MINUTE },
  /**
   * `GET /sitemap.xml` and `/sitemap-{n}.xml` not answered by the cache: each is up to 50,000
   * rows and a few MB; a crawler reads them a few times a day.
   */
  sitemapReads: { max: 60, windowSeconds: 10 * MINUTE },
  /**
   * `GET /images/{id}/{file}` not answered from memory, per address: a photo read from the
   * database. A browser keeps every photo a year, and a busy page's are in memory, so a shopper
   * makes a few of these a page; a page of 24 cards at 2 widths and a workshop of several people
   * stay below; a scraper walking every photo, or a flood of ids that name none, does not.
   */
  photoReads: { max: 1200, windowSeconds: 10 * MINUTE },
  /**
   * Every signed-in read (a `GET` behind requireUser or requireAdmin: My Orders, the cart, an
   * order, the admins' lists), per account (decision 153). A customer's page asks for a few; an
   * admin watching a catalogue import polls twice a second for its minutes; a loop reading lists
   * as fast as the database answers (one account at 200 a second tripled everyone's latency) does not stay below.
   */
  accountReads: { max: 3000, windowSeconds: 10 * MINUTE },
  /** `GET /vin/{vin}`: a workshop types a few VINs an hour; this stops guessing VINs in bulk. */
  vinDecodes: { max: 120, windowSeconds: HOUR },
} as const satisfies Record<string, Limit & { perAddress?: number }>;

export type LimitName = keyof typeof limits;

/**
 * How many of limit `name`'s signed-in writes one address may make in its window, whichever
 * accounts make them (before `LIMIT_SCALE`), for a limit that names one (`perAddress`).
 */
export function addressMax(name: LimitName): number | undefined {
  const limit: Limit & { perAddress?: number } = limits[name];
  return limit.perAddress;
}

/** Longer than any window above: counters older than this are pruned. */
export const LONGEST_WINDOW_SECONDS = DAY;

/**
 * The key under which a client address is counted: an IPv4 address as it is, an IPv6 address
 * by its /64 network (one customer line gets a whole /64, so counting single addresses of it
 * would give one caller billions of keys).
 */
export function addressKey(ip: string): string {
  const address = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '').replace(/%.*$/, '');
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0');
  const groups = [...headGroups, ...zeros, ...tailGroups];
  return `${groups.slice(0, 4).map((group) => group.toLowerCase().padStart(4, '0')).join(':')}::/64`;
}
