import { z } from 'zod';
import { directionControlMessage, queryWholeNumber } from './form-fields';
import { catalogueMessages, PART_NUMBER_PATTERN } from './catalogue-constants';
import { hasNoDirectionControl } from './text';
import { BRAND_CODE_PATTERN, INTERCHANGE_BRAND_KINDS, INTERCHANGE_MAX, KIT_COMPONENTS_MAX, LIFECYCLE_AVAILABLE, LIFECYCLE_CODE_PATTERN, lifecycleLabel, numberKey, partChangeMessages } from './part-changes-constants';

export const lifecycleSchema = z.object({ code: z.string(), label: z.string() });
/**
 * How an interchange row names its brand (decision 206): `label`, a brand's name (PIES `BrandLabel`,
 * what every row was before), or `code`, its Auto Care brand code (`BrandAAIAID`, four characters).
 * A row keeps the kind it came with, to the PIES export. Input that leaves it out means `label`.
 */
export const interchangeBrandKindSchema = z.enum(INTERCHANGE_BRAND_KINDS);
export const interchangeSchema = z.object({ brand: z.string(), brandKind: interchangeBrandKindSchema, partNumber: z.string(), quantity: z.number().int() });
export type Interchange = z.infer<typeof interchangeSchema>;

/** What a part's reads add (issue 30): its life cycle, what replaces it and what it replaces, its kit. */
export const partChangesSchema = z.object({
  lifecycle: lifecycleSchema,
  replacedBy: z.object({ partNumber: z.string(), name: z.string() }).nullable(),
  replaces: z.array(z.string()),
  interchange: z.array(interchangeSchema),
  kit: z.array(z.object({ partNumber: z.string(), name: z.string(), quantity: z.number().int() })).nullable(),
  inKits: z.array(z.object({ partNumber: z.string(), name: z.string() })),
});
export type PartChanges = z.infer<typeof partChangesSchema>;

/**
 * A part's part-change fields as stored and as `PATCH /admin/part/{id}` takes them: the code, the
 * number of the part that directly replaces it (not the end of its chain), interchange and kit rows.
 * What the admin's catalogue page reads to edit them.
 */
export const storedPartChangesSchema = z.object({
  lifecycle: z.string(),
  replacedBy: z.string().nullable(),
  interchange: z.array(interchangeSchema),
  kit: z.array(z.object({ partNumber: z.string(), quantity: z.number().int() })),
});
export type StoredPartChanges = z.infer<typeof storedPartChangesSchema>;

/** A row's quantity: a number, or digits only as the form sends it (decision 188). */
const wholeFrom1 = queryWholeNumber(z.number().int().min(1).max(10_000));
/**
 * The one normaliser of one of our part numbers as an admin types it: trimmed and upper case, as
 * stored ("brk-3007" is BRK-3007), then held to the stored shape. The catalogue's part number, a
 * replacement and a kit component all go through it.
 */
export const partNumberSchema = z.string().trim().toUpperCase().regex(PART_NUMBER_PATTERN, catalogueMessages.partNumber);
/** Another brand's number: kept as typed (its own scheme), only trimmed. */
const theirNumberText = z.string().trim().min(1).max(40);

/** `PATCH /admin/part/{id}`'s part-change fields. */
export const partChangesInputSchema = z.object({
  /** A PIES code as stored: "a" is A (decision 213). */
  lifecycle: z.string().trim().toUpperCase().regex(LIFECYCLE_CODE_PATTERN, partChangeMessages.badLifecycle),
  replacedBy: partNumberSchema.nullable(),
  interchange: z
    .array(z.unknown())
    .max(INTERCHANGE_MAX, partChangeMessages.tooManyInterchange)
    .transform((rows, context) => {
      const parsed: Interchange[] = [];
      const seen = new Set<string>();
      rows.forEach((row, index) => {
        const one = z
          .object({ brand: z.string().trim().min(1).max(60), brandKind: interchangeBrandKindSchema.default('label'), partNumber: theirNumberText, quantity: wholeFrom1 })
          .safeParse(row);
        if (!one.success) {
          context.addIssue({ code: 'custom', path: [index], message: partChangeMessages.interchangeRow(index + 1) });
          return;
        }
        // Every buyer reads the brand and the number on the part's page (decision 220).
        if (!hasNoDirectionControl(one.data.brand) || !hasNoDirectionControl(one.data.partNumber)) {
          context.addIssue({ code: 'custom', path: [index], message: directionControlMessage(`Interchange ${index + 1}`) });
          return;
        }
        if (one.data.brandKind === 'code') {
          one.data.brand = one.data.brand.toUpperCase();
          if (!BRAND_CODE_PATTERN.test(one.data.brand)) {
            context.addIssue({ code: 'custom', path: [index], message: partChangeMessages.interchangeBrandCode(index + 1) });
            return;
          }
        }
        if (numberKey(one.data.partNumber) === '') {
          context.addIssue({ code: 'custom', path: [index], message: partChangeMessages.interchangeNoCharacters(index + 1) });
          return;
        }
        const key = `${one.data.brand.toUpperCase()}|${numberKey(one.data.partNumber)}`;
        if (seen.has(key)) context.addIssue({ code: 'custom', path: [index], message: partChangeMessages.interchangeTwice(one.data.brand, one.data.partNumber) });
        seen.add(key);
        parsed.push(one.data);
      });
      return parsed;
    }),
  kit: z
    .array(z.unknown())
    .max(KIT_COMPONENTS_MAX, partChangeMessages.tooManyComponents)
    .transform((rows, context) => {
      const parsed: Array<{ partNumber: string; quantity: number }> = [];
      const seen = new Set<string>();
      rows.forEach((row, index) => {
        const one = z.object({ partNumber: partNumberSchema, quantity: wholeFrom1 }).safeParse(row);
        if (!one.success) {
          context.addIssue({ code: 'custom', path: [index], message: partChangeMessages.kitRow(index + 1) });
          return;
        }
        if (seen.has(one.data.partNumber)) context.addIssue({ code: 'custom', path: [index], message: partChangeMessages.kitTwice(one.data.partNumber) });
        seen.add(one.data.partNumber);
        parsed.push(one.data);
      });
      return parsed;
    }),
});
export type PartChangesInput = z.output<typeof partChangesInputSchema>;

/**
 * `POST /api/order/{id}/buy-again`: the lines put in the cart (a superseded or renumbered part as
 * its current replacement, `replaced` naming the number ordered) and those that could not be, with why.
 */
export const buyAgainReplySchema = z.object({
  added: z.array(z.object({ partNumber: z.string(), quantity: z.number().int(), replaced: z.string().optional() })),
  skipped: z.array(z.object({ partNumber: z.string(), reason: z.string() })),
});
export type BuyAgainReply = z.infer<typeof buyAgainReplySchema>;

const expectedRow = { partNumber: z.string().max(40), quantity: z.number().int().min(0).max(10_000) };
/**
 * `PATCH /admin/part/{id}`'s `expected` for the part-change fields: what the catalogue page's form
 * loaded of each one it changes (`changes` of `GET …/catalogue`, as stored). A change applies only
 * while the stored value is still that, else a 409 names the field (decision 112); each part-change
 * field sent needs its own.
 */
export const partChangesExpectedSchema = z
  .object({
    lifecycle: z.string().max(2),
    replacedBy: z.string().max(40).nullable(),
    interchange: z.array(z.object({ brand: z.string().max(60), brandKind: interchangeBrandKindSchema.default('label'), ...expectedRow })).max(INTERCHANGE_MAX),
    kit: z.array(z.object(expectedRow)).max(KIT_COMPONENTS_MAX),
  })
  .partial();
export type PartChangesExpected = z.infer<typeof partChangesExpectedSchema>;
export type CheckedPartChangeField = keyof PartChangesExpected;

/**
 * What the admin's part-change editor and its save reply say (Manage Products, decision 111): kept
 * here, out of the home page's bundle, which holds `partChangeMessages`.
 */
export const partChangeEditorMessages = {
  /**
   * Manage Products' badge on a part's row: its life cycle and what replaces it ("Superseded by
   * BRK-3005", "Discontinued"); none for a part available to order.
   */
  lifecycleBadge: (code: string, replacedBy: string | null): string | undefined => {
    if (code === LIFECYCLE_AVAILABLE) return undefined;
    if (code === '6' && replacedBy) return `Renumbered as ${replacedBy}`;
    if (code === '7' && replacedBy) return `Superseded by ${replacedBy}`;
    return replacedBy ? `${lifecycleLabel(code)}, replaced by ${replacedBy}` : lifecycleLabel(code);
  },
  /**
   * A warning with a saved renumbering or supersession (6, 7): a vehicle the old part fits and its
   * replacement does not, which buyers of the old number will now be given.
   */
  replacementDoesNotFit: (replacement: string, vehicle: string, old: string) => `${replacement} does not fit ${vehicle}, which ${old} fits`,
  /** Above those warnings on the admin's form: buyers of a renumbered or superseded part's number are given its replacement. */
  replacementFitWarnings: 'Saved. Check the replacement: buyers of a replaced number are now given it.',
  /**
   * A renumbered or superseded part whose replacement (the end of its chain) is no longer made
   * (8, 9): its buyers are now sent to a part they cannot order (decision 152).
   */
  replacementNoLongerMade: (replacement: string, old: string) =>
    `${replacement} is no longer made: buyers of ${old} are now sent to a part they cannot order. Name a part on sale as its replacement.`,
  /** A part no longer made that renumbered or superseded parts lead to: their buyers cannot order it now. */
  replacesNoLongerMade: (older: readonly string[]) =>
    `${older.join(', ')} ${older.length === 1 ? 'is' : 'are'} replaced by this part, which is no longer made: ${older.length === 1 ? 'its' : 'their'} buyers cannot order it now. Give ${older.length === 1 ? 'that part' : 'those parts'} a replacement on sale.`,
  /** After the first `REPLACEMENT_FIT_WARNINGS_LISTED` such vehicles: how many more. */
  replacementDoesNotFitMore: (more: number) => `and ${more} more ${more === 1 ? 'vehicle' : 'vehicles'}`,
};
