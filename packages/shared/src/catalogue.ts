import { z } from 'zod';
import { queryWholeNumber, visibleTextField } from './form-fields';
import {
  catalogueMessages,
  FITMENT_CSV_MAX_BYTES,
  GARAGE_MAX,
  PRICE_MAX,
  SEARCH_MAX_PAGE,
  SEARCH_QUERY_MAX,
  searchSorts,
  YEAR_MAX,
  YEAR_MIN,
} from './catalogue-constants';
import { partNumberSchema, storedPartChangesSchema } from './part-changes';
import { partChangesSchema } from './part-changes';
import { partPricingSchema, partSchema } from './parts';
import { parseDecimalText } from './money';
import { searchMessages } from './search-constants';
import { hasVisibleText } from './text';

export const categorySchema = z.object({ slug: z.string(), name: z.string() });
export type Category = z.infer<typeof categorySchema>;

export const specSchema = z.object({ name: z.string().trim().min(1).max(60), value: z.string().trim().min(1).max(120) });
export type Spec = z.infer<typeof specSchema>;

/** A part in lists that know the catalogue: SPEC's fields, its category and part number. */
export const catalogPartSchema = partSchema.extend({ category: categorySchema.nullable(), partNumber: z.string() });
export type CatalogPart = z.infer<typeof catalogPartSchema>;

/** GET /api/part/{id}: SPEC's fields and the catalogue's. */
/**
 * An ACES application of a part, in words (decision 079): its base vehicle, the submodel and
 * engine it is narrowed to ('' for every one), its PCdb position and part type (null: none), how
 * many the vehicle takes and the manufacturer's notes.
 */
export const partApplicationSchema = z.object({
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  submodel: z.string(),
  engine: z.string(),
  position: z.string().nullable(),
  quantity: z.number().int(),
  notes: z.array(z.string()),
  partType: z.string().nullable(),
  /**
   * The VCdb ids behind the words (decision 079, amended 2026-12-05): whether it fits a vehicle is
   * decided by these, as the server's `fitments` does; two engines may share their words. Absent
   * only in a copy made before they were sent.
   */
  baseVehicleId: z.number().int().optional(),
  submodelId: z.number().int().nullable().optional(),
  engineBaseId: z.number().int().nullable().optional(),
});
export type PartApplication = z.infer<typeof partApplicationSchema>;

export const partDetailSchema = catalogPartSchema.extend({
  oemNumbers: z.array(z.string()),
  specs: z.array(specSchema),
  /** PIES fields (issue 29): the GTIN as 14 digits, the package, the descriptions by PIES code (DES is the name, MKT the description). */
  gtin: z.string().nullable(),
  package: z.object({ weightGrams: z.number().int(), lengthMm: z.number().int().nullable(), widthMm: z.number().int().nullable(), heightMm: z.number().int().nullable() }),
  descriptions: z.array(z.object({ code: z.string(), text: z.string() })),
  applications: z.array(partApplicationSchema),
  ...partPricingSchema.shape,
  ...partChangesSchema.shape,
  /** Numbers the part had before an admin corrected them (decision 112), newest first: "Formerly …". */
  formerNumbers: z.array(z.string()),
});
export type PartDetail = z.infer<typeof partDetailSchema>;

/** `GET /api/parts/by-number/{partNumber}`: a part's public page, with its fitment grouped by make and model. */
export const publicPartSchema = partDetailSchema.extend({
  fitment: z.array(
    z.object({
      make: z.string(),
      model: z.string(),
      vehicles: z.array(z.object({ _id: z.string(), year: z.number().int(), submodel: z.string(), engine: z.string() })),
    }),
  ),
});
export type PublicPart = z.infer<typeof publicPartSchema>;
export const partNumberParamsSchema = z.object({ partNumber: z.string().max(40) });


export const partsPageQuerySchema = z.object({
  page: queryWholeNumber(z.number({ error: catalogueMessages.badPage }).int(catalogueMessages.badPage).min(1, catalogueMessages.badPage).max(SEARCH_MAX_PAGE, catalogueMessages.badPage)).default(1),
});


const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A vehicle's id in any letter case, as the database reads it: lower-cased, so that one spelt twice is one vehicle. */
const uuid = z
  .string()
  .regex(uuidPattern, catalogueMessages.badVehicle)
  .transform((id) => id.toLowerCase());
/**
 * A search's price filter (`minPrice=12.50`): in a URL, plain digits with at most two decimals
 * (`parseDecimalText`), else refused; blank is no filter, as a blank box of /shop's Price is. Read
 * by `Number()`, " " was $0 and "0x10" $16, a filter other than the one written.
 */
const price = z
  .preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const text = value.trim();
      return text === '' ? undefined : (parseDecimalText(text) ?? Number.NaN);
    },
    z
      .number({ error: catalogueMessages.badPrice })
      .min(0, catalogueMessages.badPrice)
      .max(PRICE_MAX, catalogueMessages.badPrice)
      .multipleOf(0.01, catalogueMessages.badPrice)
      .optional(),
  )
  .optional();

/** GET /api/search's query; each filter is also a URL parameter of /shop. */
export const searchQuerySchema = z
  .object({
    // Full-width letters and digits (a phone's Japanese keyboard) and characters composed apart
    // read as their plain forms: "ＢＲＫ－１００１" is BRK-1001. The length is that of what is
    // searched, once normalised (NFKC spells some single characters out: U+FDFA in 18 letters).
    // A text with nothing to see (zero-width spaces, direction marks) is no search, as an empty one.
    q: z
      .string()
      .transform((q) => {
        const normalised = q.normalize('NFKC').trim();
        return hasVisibleText(normalised) ? normalised : undefined;
      })
      .pipe(z.string().max(SEARCH_QUERY_MAX, catalogueMessages.queryTooLong).optional())
      .optional(),
    category: z.string().regex(/^[a-z0-9-]{1,40}$/, catalogueMessages.badCategory).optional(),
    vehicle: z.string().regex(uuidPattern, catalogueMessages.badVehicle).optional(),
    minPrice: price,
    maxPrice: price,
    inStock: z.enum(['true', 'false'], searchMessages.badInStock).optional().transform((value) => value === 'true'),
    sort: z.enum(searchSorts, searchMessages.badSort).default('relevance'),
    page: partsPageQuerySchema.shape.page,
  })
  .refine((query) => query.minPrice === undefined || query.maxPrice === undefined || query.minPrice <= query.maxPrice, {
    message: catalogueMessages.priceRange,
    path: ['minPrice'],
  });
export type SearchQuery = z.output<typeof searchQuerySchema>;

/**
 * A search result: a part and every older number of it (issue 30), so that a search by one shows
 * "Replaces …"; and whether it is no longer made (life cycle 8, 9): search still finds such a part
 * (decision 065), and its card then offers no Purchase Now.
 */
export const searchItemSchema = catalogPartSchema.extend({ replaces: z.array(z.string()), noLongerMade: z.boolean() });
export type SearchItem = z.infer<typeof searchItemSchema>;

export const searchResultSchema = z.object({
  items: z.array(searchItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  facets: z.object({ categories: z.array(categorySchema.extend({ count: z.number().int() })) }),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const vehicleSchema = z.object({
  _id: z.string(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  /** The VCdb submodel and engine base in words ("XLT", "3.5L V6"); empty: any (decision 079). */
  submodel: z.string(),
  engine: z.string(),
  /**
   * The configuration's VCdb ids (null: none; a base vehicle null is an older shop's vehicle the
   * VCdb does not name, which fits nothing). Absent in a vehicle a browser kept from before they
   * were sent: then the fit is told by words.
   */
  baseVehicleId: z.number().int().nullable().optional(),
  submodelId: z.number().int().nullable().optional(),
  engineBaseId: z.number().int().nullable().optional(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

// A year in digits only (decision 183), as every whole number of a query (`queryWholeNumber`).
const year = queryWholeNumber(
  z.number({ error: catalogueMessages.badYear }).int(catalogueMessages.badYear).min(YEAR_MIN, catalogueMessages.badYear).max(YEAR_MAX, catalogueMessages.badYear),
);
const make = z.string({ error: catalogueMessages.badMake }).trim().min(1, catalogueMessages.badMake).max(40, catalogueMessages.badMake);
export const makesQuerySchema = z.object({ year });
export const modelsQuerySchema = z.object({ year, make });
/** GET /api/vehicles/options: a base vehicle by its words, as the picker chose them. */
export const vehicleOptionsQuerySchema = modelsQuerySchema.extend({
  model: z.string({ error: catalogueMessages.badModel }).trim().min(1, catalogueMessages.badModel).max(60, catalogueMessages.badModel),
});
/**
 * What the applications of a base vehicle tell apart (words), and its configurations for them:
 * the picker offers a Submodel or Engine select only where a list has something, and takes the
 * vehicle whose submodel and engine are the chosen ones ('' for any).
 */
export const vehicleOptionsSchema = z.object({
  submodels: z.array(z.string()),
  engines: z.array(z.string()),
  vehicles: z.array(vehicleSchema),
});
export type VehicleOptions = z.infer<typeof vehicleOptionsSchema>;
export const vehicleParamsSchema = z.object({ id: z.string() });
/**
 * What the fitment questions' queries say when a parameter is missing; here, with their schemas:
 * only the server says them (the shop's pages always send them), and `catalogueMessages` is in the
 * home page's first script.
 */
export const fitmentQueryMessages = {
  /** `GET /api/vehicles/{id}/applications` or `…/fitting-parts` without `ids`. */
  partIdsMissing: 'Name the parts to check: ids, up to 48 part ids separated by commas',
} as const;
/**
 * `?ids=` of the fitment questions of a page of part cards: up to 48 part ids, comma-separated; an
 * empty list asks of no part. Without it, the 400 says so and names it (`field`), not "This request
 * is not valid."
 */
export const fittingPartsQuerySchema = z.object({
  ids: z
    .string({ error: fitmentQueryMessages.partIdsMissing })
    .max(48 * 37)
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(z.string()).max(48)),
});
/**
 * GET /api/vehicles/{id}/applications?ids=: what a page of part cards says of the vehicle
 * (decision 083): each part's live applications on the vehicle's base vehicle, in words; a part
 * with none is left out.
 */
export const vehicleApplicationsSchema = z.array(z.object({ part: z.string(), applications: z.array(partApplicationSchema) }));
export type VehicleApplications = z.infer<typeof vehicleApplicationsSchema>;


/** PUT /api/garage: the whole garage, so sending it twice changes nothing. */
export const garageInputSchema = z
  .object({
    vehicleIds: z.array(uuid).max(GARAGE_MAX, catalogueMessages.garageTooMany),
    activeId: uuid.nullable(),
  })
  .refine((garage) => garage.activeId === null || garage.vehicleIds.includes(garage.activeId), {
    message: catalogueMessages.garageActive,
    path: ['activeId'],
  });
export type GarageInput = z.output<typeof garageInputSchema>;
export const garageSchema = z.object({ vehicles: z.array(vehicleSchema), activeId: z.string().nullable() });
export type Garage = z.infer<typeof garageSchema>;

const slugPattern = /^[a-z0-9-]{1,40}$/;

/** PUT /api/admin/part/{id}/catalogue: the part's catalogue fields, all at once. */
export const catalogueInputSchema = z.object({
  category: z.string().regex(slugPattern, catalogueMessages.unknownCategory).nullable(),
  partNumber: partNumberSchema,
  oemNumbers: z
    .array(z.string().trim().toUpperCase().regex(/^[A-Z0-9][A-Z0-9 .-]{0,39}$/, catalogueMessages.oemNumber))
    .max(20, catalogueMessages.tooManyOemNumbers),
  // A name and a value with characters that show, as a product's name (not only zero-width ones).
  specs: z
    .array(z.object({ name: visibleTextField(catalogueMessages.specBlank, 60, 'A specification’s name'), value: visibleTextField(catalogueMessages.specBlank, 120, 'A specification’s value') }))
    .max(30, catalogueMessages.tooManySpecs),
});

/**
 * What the Details form loaded of the fields it sends, as `GET …/catalogue` gave them: the save
 * applies only while they are still stored so, else a 409 names the field (decision 112).
 */
export const catalogueExpectedSchema = z
  .object({
    category: z.string().max(40).nullable(),
    partNumber: z.string().max(40),
    oemNumbers: z.array(z.string().max(40)).max(20),
    specs: z.array(z.object({ name: z.string().max(60), value: z.string().max(120) })).max(30),
  })
  .strict();
export type CatalogueExpected = z.infer<typeof catalogueExpectedSchema>;

/** PUT /api/admin/part/{id}/catalogue: the fields, and what the form loaded of them (required). */
export const catalogueUpdateSchema = catalogueInputSchema.extend({ expected: catalogueExpectedSchema });
export type CatalogueUpdate = z.output<typeof catalogueUpdateSchema>;

/** GET /api/admin/part/{id}/catalogue: what the catalogue page edits, for any part, archived too. */
export const adminCatalogueSchema = z.object({
  _id: z.string(),
  name: z.string(),
  archived: z.boolean(),
  category: z.string().nullable(),
  partNumber: z.string(),
  oemNumbers: z.array(z.string()),
  specs: z.array(specSchema),
  fitment: z.array(vehicleSchema),
  /** Its life cycle, replacement, interchange and kit as stored (issue 30), for their editor. */
  changes: storedPartChangesSchema,
});
export type AdminCatalogue = z.infer<typeof adminCatalogueSchema>;

export const fitmentImportSchema = z.object({ csv: z.string().max(FITMENT_CSV_MAX_BYTES, catalogueMessages.csvTooLarge) });
export const fitmentImportReplySchema = z.object({ rows: z.number().int(), added: z.number().int() });
export type FitmentImportReply = z.infer<typeof fitmentImportReplySchema>;
export const csvRowErrorSchema = z.object({ line: z.number().int(), message: z.string() });
export type CsvRowError = z.infer<typeof csvRowErrorSchema>;
export const fitmentImportErrorSchema = z.object({ message: z.string(), errors: z.array(csvRowErrorSchema) });

/**
 * What the admin reads when a corrected part number is another part's (decision 112): kept here,
 * out of the home page's bundle, which holds `catalogueMessages`.
 */
export const partNumberEditorMessages = {
  /** A new number that is another part's former one (decision 112): old links and orders lead to that part. */
  partNumberFormer: (partNumber: string, holder: string) =>
    `${partNumber} was the number of ${holder} before it was changed, and its old links still lead there: choose another number`,
  /** A new number that is one of the numbers a part replaces (OEM or another brand's): search and quick order find that part by it. */
  partNumberReplaced: (partNumber: string, holder: string) =>
    `${partNumber} is a number that ${holder} replaces (OEM or another brand's), and search and quick order find ${holder} by it: choose another number`,
};
