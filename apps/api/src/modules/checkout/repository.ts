import { isId } from '../../lib/ids';
import type { Db } from '../../db/database';
import type { Mail } from '../mail/outbox';
import { placedBefore, placeOrder, type PlaceInput, type PlaceOptions, type PlaceOutcome } from './place';
import { quoteCart, type AddressRow } from './quote';

/**
 * The checkout (decision 052): the one path by which an order is placed. `POST /api/checkout`
 * orders the account's cart; SPEC's `POST /order` orders one line through the same `place`.
 * Everything is plain Kysely, the arithmetic and reads in quote.ts, the order's transaction in
 * place.ts, in the order a reader follows it:
 * 1. outside the transaction, the address;
 * 2. in one transaction: the account's row locked and read with its company membership (its
 *    orders are placed one at a time, so two at once cannot both pass the unpaid caps), the lines
 *    (the cart's, or the one given), the caps, the address's shipping methods (held against
 *    deletion) and tax rate, the parts locked in id order (so concurrent checkouts of overlapping
 *    carts queue on their first common part and never deadlock), the prices (a member's contract
 *    prices by its company), the stock taken, the order and its lines inserted, the cart emptied,
 *    the message and the expiry job queued. Any refusal takes nothing.
 */

export function createCheckoutRepository(db: Db, mail: Mail) {
  return {
    /** One of the account's own addresses; another account's is as unknown as a missing one. */
    async address(userId: string, addressId: string): Promise<AddressRow | undefined> {
      if (!isId(addressId)) return undefined;
      return db.selectFrom('addresses').selectAll().where('id', '=', addressId).where('user_id', '=', userId).executeTakeFirst();
    },

    /** A location of the company the account is a member of (decision 075); any other is unknown. */
    async location(userId: string, locationId: string): Promise<(AddressRow & { id: string; company_id: string }) | undefined> {
      if (!isId(locationId)) return undefined;
      return db
        .selectFrom('company_locations')
        .innerJoin('company_members', 'company_members.company_id', 'company_locations.company_id')
        .selectAll('company_locations')
        .where('company_locations.id', '=', locationId)
        .where('company_members.user_id', '=', userId)
        .executeTakeFirst();
    },

    /** Whether the account is a member of a company now. */
    async belongsToCompany(userId: string): Promise<boolean> {
      return Boolean(await db.selectFrom('company_members').select('company_id').where('user_id', '=', userId).executeTakeFirst());
    },

    async defaultAddress(userId: string): Promise<AddressRow | undefined> {
      return db.selectFrom('addresses').selectAll().where('user_id', '=', userId).where('is_default', '=', true).executeTakeFirst();
    },

    /** What checking out the cart to `to` would cost now (nothing is locked or taken). */
    quote: (userId: string, to: AddressRow, shippingMethodId: string | undefined, locationId?: string) => quoteCart(db, userId, to, shippingMethodId, locationId),

    /**
     * The order the account placed with this attempt's key, if it did (decision 162): asked when the
     * request sent again no longer names a place it may ship to (its address deleted since).
     */
    placedWith: async (userId: string, idempotencyKey: string | undefined): Promise<PlaceOutcome | undefined> => placedBefore(db, { userId, idempotencyKey }),

    /** Places one order of all its lines, or nothing (see the module's comment). */
    place: (input: PlaceInput, options: PlaceOptions): Promise<PlaceOutcome> => placeOrder(db, mail, input, options),
  };
}

export type CheckoutRepository = ReturnType<typeof createCheckoutRepository>;
