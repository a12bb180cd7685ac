/**
 * What the admin screens say that SPEC §8 does not: the outcome of the actions that the original
 * shop did not have (edit, restock, archive, ship, hide). SPEC §8's own texts come from
 * `notices` in packages/shared.
 */
export const adminNotices = {
  /** Under a warranty replacement's status in Manage All Orders: its $0.00 and "Paid" are not a sale's. */
  replacementOrder: 'Free warranty replacement: nothing was charged',
  alreadyAdmin: (email: string) => `${email} is already an admin`,
  adminRemoved: (email: string) => `${email} is a customer again`,
  notAnAdmin: (email: string) => `${email} is not an admin`,
  productUpdated: 'Product updated',
  nothingChanged: 'Nothing to save: no field was changed',
  /** Under a 409 of the catalogue page's forms (decision 112): the stored values are in, the admin's changes kept. */
  staleReloaded: 'The form now shows what is stored, except in the fields you changed, which keep what you typed. Check them, then save again.',
  /** Under a field of Manage Products' editor refused with a 409: the field keeps what the admin typed, and a second Save writes it (decision 009). */
  staleKept: 'Your value is still in the field: save again to put it in place of that one.',
  /** Under the price list editor's 409 (decision 125): the list was saved by someone else; the form keeps what the admin typed. */
  staleFormKept: 'What you typed is still in the form: save again to put it in place of what they saved, or cancel to see theirs.',
  /** The button beside such a field in Manage Products' row: the stored value in place of the admin's. */
  useStored: (now: string) => `Use ${now}`,
  restocked: (quantity: number) => `Added ${quantity} to the stock`,
  archived: 'Product archived: it no longer shows in the shop',
  restored: 'Product restored: it shows in the shop again',
  reviewHidden: 'Review hidden from the home page',
  authorReviewsHidden: (count: number, email: string) =>
    count === 1 ? `1 review by ${email} hidden` : `${count} reviews by ${email} hidden`,
  confirmHideAuthor: (email: string) => `Hide every review written by ${email}?`,
  reviewShown: 'Review shown on the home page again',
} as const;

/** Asked before a part leaves the shop. */
export function confirmArchive(name: string): string {
  return `Archive "${name}"? Customers will no longer see it or be able to order it. You can restore it later.`;
}
