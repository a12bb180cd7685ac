/**
 * Contract prices' words without zod (as cart-constants.ts is to cart.ts): the part cards of the
 * first pages show a member's list price struck through and take this, not the schemas.
 */

/** What a screen reader hears for the struck-through list price beside a contract price. */
export const listPriceLabel = (price: string) => `List price ${price}`;
