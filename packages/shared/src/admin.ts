import { z } from 'zod';
import { notices, validation } from './messages';
import { moneyField, queryWholeNumber, STOCK_MAX, tooLongMessage, visibleTextField, wholeNumberField } from './form-fields';
import { orderSchema, orderStatusSchema, pageQuerySchema } from './orders';
import { formatPrice, moneyAtMostMessage } from './money';
import { PRICE_MAX } from './catalogue-constants';
import { PRICE_BREAKS_MAX, partPricingSchema, partSchema, priceBreakSchema, priceBreaksInputSchema, priceBreaksProblem, weightKgInputSchema } from './parts';
import { acknowledgedSchema } from './reviews';
import { roleSchema } from './users';
import { coreDepositInputSchema, warrantyMonthsInputSchema } from './after-sale';
import { lifecycleSchema, partChangesExpectedSchema, partChangesInputSchema, type CheckedPartChangeField, type PartChangesExpected } from './part-changes';
import { lifecycleLabel } from './part-changes-constants';
import type { CatalogueExpected } from './catalogue';

/** `GET /users` (admins): e-mail, name and role — nothing more (issue: Make Admin). */
/** A user in Make Admin's list; `emailVerified`: whether the address is confirmed (only then may it be made an admin, decision 144). */
export const userSummarySchema = z.object({ email: z.string(), name: z.string(), role: roleSchema, emailVerified: z.boolean() });
export const userSummaryListSchema = z.array(userSummarySchema);
/** Make Admin and the admin's review list are paged on the server. */
export const USERS_PAGE_SIZE = 50;
export const USER_SEARCH_MAX = 200;
export const ADMIN_REVIEWS_PAGE_SIZE = 50;

export const modifiedCountSchema = z.object({ modifiedCount: z.number().int() });
export const deletedCountSchema = z.object({ deletedCount: z.number().int() });

export { STOCK_MAX };

const imageSchema = z
  .string({ error: 'Image is Required' })
  .trim()
  .min(1, 'Image is Required')
  .max(2000, tooLongMessage('An image URL', 2000))
  .refine(
    (value) => /^\/[^/\\]/.test(value) || /^https:\/\/[^\s]+$/.test(value),
    'Give an image URL (https://…) or a path on this site (/images/…)',
  );

/** Add a Product (SPEC §2, §5): all five fields required, the last two numeric; minimum defaults to 1. */
export const productInputSchema = z.object({
  // Text that shows: a name of zero-width characters only was taken, and read "" in the audit log.
  name: visibleTextField(validation.nameRequired, 200, 'Name'),
  img: imageSchema,
  description: visibleTextField(validation.descriptionRequired, 2000, 'Description'),
  storequantity: wholeNumberField('Store quantity').pipe(z.number().min(0, 'Store quantity cannot be negative')),
  // Over the limit said in words: the API said "This request is not valid." and the form zod's own English.
  price: moneyField('Price').pipe(z.number().min(0, 'Price cannot be negative').max(PRICE_MAX, moneyAtMostMessage('Price', PRICE_MAX))),
  minOrderQuantity: wholeNumberField('Minimum order quantity')
    .pipe(z.number().min(1, 'Minimum order quantity is at least 1'))
    .optional()
    .default(1),
});
export type Product = z.output<typeof productInputSchema>;

/**
 * What the edit form loaded of each field it changes, as the API gave it: a change applies only
 * while the stored value is still that, else a 409 names the field and its value now (decision
 * 009). The stock's is `expectedAvailableQuantity`, its first and required case.
 */
export const productExpectedSchema = z
  .object({
    name: z.string().max(200),
    img: z.string().max(2000),
    description: z.string().max(2000),
    price: z.number().min(0).max(1_000_000),
    minOrderQuantity: z.number().int().min(0).max(STOCK_MAX),
    weightKg: z.number().min(0).max(1_000_000),
    coreDeposit: z.number().min(0).max(1_000_000).nullable(),
    warrantyMonths: z.number().int().min(0).max(10_000).nullable(),
    priceBreaks: z.array(priceBreakSchema).max(PRICE_BREAKS_MAX),
  })
  .partial()
  .strict();
export type ProductExpected = z.infer<typeof productExpectedSchema>;
/** The fields a change can be held to: the stock and those of `productExpectedSchema`. */
export type CheckedProductField = keyof ProductExpected | 'availableQuantity';

/** A change refused because a field it holds to moved since the form loaded: which, and its value now. */
export const productFieldChangedSchema = z.object({ message: z.string(), field: z.string(), current: z.unknown() });
export type ProductFieldChanged = z.infer<typeof productFieldChangedSchema>;

/**
 * A change a rule refuses (400 of `PATCH /admin/part/{id}`): its message, and the field of the
 * request it is about when it is one (`replacedBy`, `lifecycle`, `kit`, or a row by its index from 0:
 * `kit.2`), so that a form says it there. An addition to `{ message }`: a reply without `field` is
 * said under the form.
 */
export const partRefusalSchema = z.object({ message: z.string(), field: z.string().optional() });

/** Manage Products: any of a part's fields, each checked on its own (forms pick from these). */
export const productUpdateFieldsSchema = z
  .object({
    name: productInputSchema.shape.name,
    img: imageSchema,
    description: productInputSchema.shape.description,
    price: productInputSchema.shape.price,
    availableQuantity: wholeNumberField('Available quantity').pipe(
      z.number().min(0, 'Available quantity cannot be negative'),
    ),
    minOrderQuantity: wholeNumberField('Minimum order quantity').pipe(
      z.number().min(1, 'Minimum order quantity is at least 1'),
    ),
    /** The stock the admin saw: a new `availableQuantity` applies only while it is still so. */
    expectedAvailableQuantity: z.number().int().min(0).max(STOCK_MAX),
    /** What the form loaded of the other fields it changes (the same rule), the part-change fields' too. */
    expected: productExpectedSchema.extend(partChangesExpectedSchema.shape),
    /** Kilograms with up to three decimals (grams). */
    weightKg: weightKgInputSchema,
    /** The whole set of quantity price breaks, replacing the part's (`[]`: none). */
    priceBreaks: priceBreaksInputSchema,
    /** Dollars; null removes the part's core deposit. */
    coreDeposit: coreDepositInputSchema,
    /** Whole months from delivery; null removes the part's warranty. */
    warrantyMonths: warrantyMonthsInputSchema,
    /** Issue 30: the PIES life-cycle code, the replacing part's number (null: none), interchange numbers, kit components. */
    ...partChangesInputSchema.shape,
  })
  .partial();

/** `PATCH /admin/part/{id}`: a new stock figure comes with the stock the admin saw. */
export const productUpdateSchema = productUpdateFieldsSchema
  .refine((update) => update.availableQuantity === undefined || update.expectedAvailableQuantity !== undefined, {
    path: ['expectedAvailableQuantity'],
    message: 'Send the stock you saw with a new stock figure',
  })
  .superRefine((update, context) => {
    // Tiers sent with a new price or minimum are held to them here; against the stored ones, on the server.
    const problem = update.priceBreaks && priceBreaksProblem(update.priceBreaks, update.price, update.minOrderQuantity);
    if (problem) context.addIssue({ code: 'custom', path: ['priceBreaks'], message: problem });
  })
  .superRefine((update, context) => {
    // A part-change field comes with what the form loaded of it (decision 112): no blind overwrite.
    for (const field of partChangeFields) {
      if (update[field] !== undefined && update.expected?.[field] === undefined) {
        context.addIssue({ code: 'custom', path: ['expected', field], message: adminMessages.expectedRequired(field) });
      }
    }
  });
export type ProductUpdate = z.output<typeof productUpdateSchema>;

/**
 * `PATCH /admin/part/{id}`'s reply: saved, and what the admin should know of it without it being
 * refused (a replacement that does not fit every vehicle the part it replaces fits; decision 111).
 */
export const partUpdatedSchema = acknowledgedSchema.extend({ warnings: z.array(z.string()) });
export type PartUpdated = z.infer<typeof partUpdatedSchema>;

export const restockSchema = z.object({
  quantity: wholeNumberField('Quantity').pipe(z.number().min(1, 'Restock at least 1')),
});

export const adminPartSchema = partSchema
  .extend({ partNumber: z.string(), archived: z.boolean() })
  .extend(partPricingSchema.shape)
  /** Fitment reports on the part no admin has dismissed or acted on yet. */
  .extend({ openFitmentReports: z.number().int() })
  /** Its PIES life cycle (decision 065) and the number of the part that directly replaces it (null: none), for the row's badge. */
  .extend({ lifecycle: lifecycleSchema, replacedBy: z.string().nullable() });
export const adminPartListSchema = z.array(adminPartSchema);
export type AdminPart = z.infer<typeof adminPartSchema>;

export const ADMIN_PARTS_PAGE_SIZE = 20;

/** Manage Products: a search in the part's name, description, part number and OEM numbers, and the page. */
export const adminPartsQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  // As every other list (`pageQuerySchema`): an offset of 2^53 rows is nobody's page.
  page: queryWholeNumber(z.number().int().min(1).max(10_000)).default(1),
  pageSize: queryWholeNumber(z.number().int().min(1).max(100)).default(ADMIN_PARTS_PAGE_SIZE),
});
export type AdminPartsQuery = z.output<typeof adminPartsQuerySchema>;

export const adminPartPageSchema = z.object({
  parts: adminPartListSchema,
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminPartPage = z.infer<typeof adminPartPageSchema>;

export const ADMIN_ORDERS_PAGE_SIZE = 20;

export const adminOrderPageSchema = z.object({
  orders: z.array(orderSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

export const adminMessages = {
  cannotRemoveSelf: 'You cannot remove your own account.',
  lastAdmin: 'The last admin cannot be removed.',
  userSearchTooLong: `A search is at most ${USER_SEARCH_MAX} characters.`,
  lastAdminRole: 'The last admin cannot stop being an admin: make someone else an admin first.',
  /** A company keeps an owner (decision 075); only its owner can give it another (invite one, or make a member one). */
  onlyOwner: (email: string, company: string) =>
    `${email} is the only owner of the company “${company}”: its owner must make another member an owner first.`,
  userNotFound: 'No user with this e-mail.',
  /**
   * Make Admin of an account whose address nobody confirmed (decision 144): anyone can sign up with
   * an address they do not hold. SPEC's failure text, then the reason. A Google account is confirmed.
   */
  makeAdminUnconfirmed: `${notices.makeAdminFailed}: this account has not confirmed its e-mail address yet.`,
  /** Beside a customer's Make Admin in the list while their address is not confirmed. */
  notConfirmedYet: 'E-mail not confirmed yet: it can be made an admin once it is.',
  /**
   * An admin's cancel of an order that has ended meanwhile (another admin, its customer or its
   * expiry was first): the fact, as the refreshed list then shows it (decision 135).
   */
  orderEnded: (orderNumber: string, status: 'cancelled' | 'expired') =>
    status === 'cancelled' ? `Order ${orderNumber} was already cancelled.` : `Order ${orderNumber} has already expired: nothing was charged for it.`,
  stockOverLimit: `Stock cannot go above ${STOCK_MAX}.`,
  reviewNotFound: 'Review not found',
  /**
   * The stock saved since the form loaded (orders came in), `now` what it is. What the admin does
   * next is the screen's to say: every admin screen fetches the part again after a refusal.
   */
  stockChanged: (now: number) => `The stock changed since this page loaded (orders came in): it is now ${now}.`,
  /** The editor's warning (not a refusal: stock is restocked or imported later) when the minimum order is above the stock. */
  minimumAboveStock: (minimum: number, stock: number) =>
    `Above the stock (${stock}): nobody can order this part until its stock reaches ${minimum}.`,
  /**
   * Another field of a part saved by someone else since the form loaded; `now` when it is short
   * enough to say. The fact only: the screen says what to do next (it has fetched the part again).
   */
  fieldChanged: (field: string, now?: string) =>
    `The ${field} changed since this page loaded (someone else saved it)${now === undefined ? '' : `: it is now ${now}`}.`,
  /** A checked change sent without what the form loaded of the field (decision 112). */
  expectedRequired: (field: string) => `Send the ${field} you loaded with a new one`,
} as const;

export const adminOrdersQuerySchema = z.object({
  status: orderStatusSchema.optional(),
  // As long as Make Admin's search, in the same words; the search box takes no more (decision 166).
  email: z.string().trim().max(USER_SEARCH_MAX, adminMessages.userSearchTooLong).optional(),
  page: queryWholeNumber(z.number().int().min(1).max(10_000)).default(1),
  pageSize: queryWholeNumber(z.number().int().min(1).max(100)).default(ADMIN_ORDERS_PAGE_SIZE),
});

/** Make Admin: `q`, a part of an e-mail or a name (any case), and the page (`GET /users`). */
export const usersQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(USER_SEARCH_MAX, adminMessages.userSearchTooLong).optional(),
});

/** Each checked field of a part in the words of `adminMessages.fieldChanged`, and its value when short enough to say. */
export const checkedProductFields: Record<Exclude<CheckedProductField, 'availableQuantity'>, { label: string; say?: (value: never) => string }> = {
  name: { label: 'name', say: (value: string) => `“${value}”` },
  img: { label: 'image' },
  description: { label: 'description' },
  price: { label: 'price', say: (value: number) => formatPrice(value) },
  minOrderQuantity: { label: 'minimum order quantity', say: (value: number) => String(value) },
  weightKg: { label: 'weight', say: (value: number) => `${value} kg` },
  coreDeposit: { label: 'core deposit', say: (value: number | null) => (value === null ? 'none' : formatPrice(value)) },
  warrantyMonths: { label: 'warranty', say: (value: number | null) => (value === null ? 'none' : `${value} months`) },
  priceBreaks: { label: 'price breaks' },
};

/** What a form loaded (`loaded`, as the API gave it) of each checked field that `changes` changes: the `expected` to send with them. */
export function expectedOf(loaded: Pick<AdminPart, keyof ProductExpected>, changes: ProductUpdate): ProductExpected | undefined {
  const fields = (Object.keys(productExpectedSchema.shape) as Array<keyof ProductExpected>).filter((field) => changes[field] !== undefined);
  return fields.length === 0 ? undefined : Object.fromEntries(fields.map((field) => [field, loaded[field]]));
}

/** The 409's message for `field`, whose stored value is now `current`. */
export function productFieldChangedMessage(field: CheckedProductField, current: unknown): string {
  if (field === 'availableQuantity') return adminMessages.stockChanged(current as number);
  const { label, say } = checkedProductFields[field];
  return adminMessages.fieldChanged(label, say ? (say as (value: unknown) => string)(current) : undefined);
}

const partChangeFields = ['lifecycle', 'replacedBy', 'interchange', 'kit'] as const satisfies readonly CheckedPartChangeField[];

/** Rows in a sentence: the first ten, then how many more. */
const rowsSaid = (rows: readonly string[]) => (rows.length === 0 ? 'none' : rows.length <= 10 ? rows.join(', ') : `${rows.slice(0, 10).join(', ')} and ${rows.length - 10} more`);

/** Each part-change field in the words of `adminMessages.fieldChanged`, and its value now (decision 112). */
const partChangeFieldWords: { [F in CheckedPartChangeField]-?: { label: string; say: (value: NonNullable<PartChangesExpected[F]> | null) => string } } = {
  lifecycle: { label: 'life-cycle status', say: (code) => (code === null ? 'none' : `${code} (${lifecycleLabel(code)})`) },
  replacedBy: { label: 'replacement', say: (partNumber) => partNumber ?? 'none' },
  interchange: { label: 'list of numbers it replaces', say: (rows) => rowsSaid((rows ?? []).map((row) => `${row.brand} ${row.partNumber} (${row.quantity})`)) },
  kit: { label: 'list of kit components', say: (rows) => rowsSaid((rows ?? []).map((row) => `${row.partNumber} (${row.quantity})`)) },
};

/** The 409's message for a part-change field whose stored value is now `current`. */
export function partChangeFieldChangedMessage(field: CheckedPartChangeField, current: unknown): string {
  const { label, say } = partChangeFieldWords[field];
  return adminMessages.fieldChanged(label, (say as (value: unknown) => string)(current));
}

/** The catalogue Details' fields in the same words (decision 112). */
const catalogueFieldWords: Record<keyof CatalogueExpected, { label: string; say?: (value: never) => string }> = {
  category: { label: 'category', say: (slug: string | null) => slug ?? 'none' },
  partNumber: { label: 'part number', say: (partNumber: string) => partNumber },
  oemNumbers: { label: 'OEM numbers', say: (numbers: string[]) => rowsSaid(numbers) },
  specs: { label: 'specifications' },
};

/** The 409's message for a catalogue Details field whose stored value is now `current`. */
export function catalogueFieldChangedMessage(field: keyof CatalogueExpected, current: unknown): string {
  const { label, say } = catalogueFieldWords[field];
  return adminMessages.fieldChanged(label, say ? (say as (value: unknown) => string)(current) : undefined);
}
