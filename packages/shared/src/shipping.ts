import { z } from 'zod';
import { moneyField, withoutDirectionControls } from './form-fields';
import { moneyAtMostMessage } from './money';
import { groupedNumber } from './text';

/**
 * Shipping methods and tax rates, as the admin manages them (`/api/admin/shipping-methods`,
 * `/api/admin/tax-rates`) and the checkout applies them. Money is dollars with two decimals, a
 * weight kilograms with up to three (grams are stored), a rate a percentage with up to four
 * (parts per million are stored; shared `percentToPpm`). Every message names its field.
 */

/** ISO 3166-1 alpha-2: every officially assigned code (249). */
export const ISO_COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ ' +
  'UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
const isoCountries = new Set(ISO_COUNTRY_CODES);

export const SHIPPING_NAME_MAX = 80;
export const SHIPPING_ESTIMATE_MAX = 80;
/** A method ships to at most this many countries (the list is typed or picked by hand). */
export const SHIPPING_COUNTRIES_MAX = 60;
/** Bounds of the admin's figures: far above any real method, far below the columns' limits. */
export const SHIPPING_PRICE_MAX = 100_000;
export const SHIPPING_WEIGHT_MAX_KG = 100_000;

export const shippingMessages = {
  methodNotFound: 'Shipping method not found',
  rateNotFound: 'Tax rate not found',
  nameTaken: (name: string) => `A shipping method named “${name}” exists already. Edit that one or choose another name.`,
  rateTaken: (place: string) => `A tax rate for ${place} exists already. Edit that one instead.`,
  countryUnknown: (code: string) => `“${code}” is not a country code. Use ISO codes of two letters, as US or CA.`,
  countriesRequired: 'Countries: name at least one, as US or CA',
  countriesTooMany: `Countries: at most ${SHIPPING_COUNTRIES_MAX}`,
  countryRequired: 'Country is Required (two letters, as US)',
  regionInvalid: 'Region is the state or province code without the country, as IL, or empty for the whole country',
  ratePercentRange: 'Rate is a percentage from 0 to 100',
  ratePercentDecimals: 'Rate has at most four decimals',
  weightDecimals: 'Maximum weight has at most three decimals (grams)',
  weightRange: `Maximum weight is more than 0 and at most ${groupedNumber(SHIPPING_WEIGHT_MAX_KG)} kg`,
} as const;

/** "US" for a whole country, "US-IL" for a region of it, as people and ISO 3166-2 write it. */
export function taxPlace(country: string, region: string | null): string {
  return region === null ? `${country} (the whole country)` : `${country}-${region}`;
}

/** Text as a form sends it: trimmed; empty means not given. */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** A figure with up to `decimals` decimals, typed ("2,5" or "2.5") or sent as a number. */
function decimalField(label: string, decimals: number, decimalsMessage: string) {
  return z.preprocess(
    (value) => {
      const given = blankToUndefined(value);
      if (typeof given !== 'string') return given;
      const text = given.trim().replace(/^(\d+),(\d+)$/, '$1.$2');
      return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
    },
    z
      .number({ error: (issue) => (issue.input === undefined ? `${label} is Required` : `${label} must be a number like 2.5`) })
      .multipleOf(10 ** -decimals, decimalsMessage),
  );
}

/** A method's name or estimate: the customer reads it at checkout, on the order and in its mail (no direction control, decision 220). */
const requiredText = (label: string, max: number) =>
  withoutDirectionControls(
    z
      .string({ error: `${label} is Required` })
      .trim()
      .min(1, `${label} is Required`)
      .max(max, `${label} is at most ${max} characters`),
    label,
  );

const money = (label: string) =>
  moneyField(label).pipe(z.number().min(0, `${label} cannot be negative`).max(SHIPPING_PRICE_MAX, moneyAtMostMessage(label, SHIPPING_PRICE_MAX)));

/** A money field that may be left empty (null: no such limit). */
function optionalMoney(label: string) {
  return z.preprocess(
    (value) => (value === undefined || value === null || blankToUndefined(value) === undefined ? null : value),
    money(label).nullable(),
  );
}

/** Countries as a list, or as text ("US, CA" or "us ca") from a form; upper-cased, each once. */
const countriesField = z.preprocess(
  (value) => {
    const list = typeof value === 'string' ? value.split(/[\s,;]+/) : value;
    if (!Array.isArray(list)) return list;
    const codes = list.map((code) => (typeof code === 'string' ? code.trim().toUpperCase() : code)).filter((code) => code !== '');
    return [...new Set(codes)];
  },
  z
    .array(z.string({ error: shippingMessages.countriesRequired }), { error: shippingMessages.countriesRequired })
    .min(1, shippingMessages.countriesRequired)
    .max(SHIPPING_COUNTRIES_MAX, shippingMessages.countriesTooMany)
    .superRefine((codes, context) => {
      const unknown = codes.find((code) => !isoCountries.has(code));
      if (unknown !== undefined) context.addIssue({ code: 'custom', message: shippingMessages.countryUnknown(unknown.slice(0, 20)) });
    }),
);

/** A yes or no, as JSON or as a form's "true"/"false". */
const yesNo = (label: string) =>
  z.preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean({ error: `${label} is yes or no` }));

/** `POST /admin/shipping-methods` and `PUT /admin/shipping-methods/{id}` (the whole method). */
export const shippingMethodInputSchema = z.object({
  name: requiredText('Name', SHIPPING_NAME_MAX),
  estimate: requiredText('Delivery estimate', SHIPPING_ESTIMATE_MAX),
  countries: countriesField,
  basePrice: money('Base price'),
  pricePerKg: money('Price per kg'),
  maxWeightKg: z.preprocess(
    (value) => (value === undefined || value === null || blankToUndefined(value) === undefined ? null : value),
    decimalField('Maximum weight', 3, shippingMessages.weightDecimals)
      .pipe(z.number().gt(0, shippingMessages.weightRange).max(SHIPPING_WEIGHT_MAX_KG, shippingMessages.weightRange))
      .nullable(),
  ),
  freeOver: optionalMoney('Free over'),
  active: yesNo('Active').optional().default(true),
});
export type ShippingMethodInput = z.output<typeof shippingMethodInputSchema>;

export const shippingMethodSchema = z.object({
  id: z.string(),
  name: z.string(),
  estimate: z.string(),
  countries: z.array(z.string()),
  basePrice: z.number(),
  pricePerKg: z.number(),
  maxWeightKg: z.number().nullable(),
  freeOver: z.number().nullable(),
  active: z.boolean(),
});
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;
export const shippingMethodListSchema = z.array(shippingMethodSchema);

/**
 * `PUT /admin/shipping-methods/{id}`: the whole method, and optionally `expected`, the method as
 * the page loaded it; another one now is a 409 with the method as it is (decision 202).
 */
export const shippingMethodUpdateSchema = shippingMethodInputSchema.extend({ expected: shippingMethodSchema.omit({ id: true }).optional() });
export type ShippingMethodUpdate = z.input<typeof shippingMethodUpdateSchema>;

/** `POST /admin/tax-rates` and `PUT /admin/tax-rates/{id}` (the whole rate). */
export const taxRateInputSchema = z.object({
  country: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
    z
      .string({ error: shippingMessages.countryRequired })
      .min(1, shippingMessages.countryRequired)
      .superRefine((code, context) => {
        if (!isoCountries.has(code)) context.addIssue({ code: 'custom', message: shippingMessages.countryUnknown(code.slice(0, 20)) });
      }),
  ),
  region: z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? null : value.trim().toUpperCase()) : (value ?? null)),
    z.string({ error: shippingMessages.regionInvalid }).regex(/^[A-Z0-9]{1,3}$/, shippingMessages.regionInvalid).nullable(),
  ),
  ratePercent: decimalField('Rate', 4, shippingMessages.ratePercentDecimals).pipe(
    z.number().min(0, shippingMessages.ratePercentRange).max(100, shippingMessages.ratePercentRange),
  ),
  appliesToShipping: yesNo('Applies to shipping').optional().default(false),
});
export type TaxRateInput = z.output<typeof taxRateInputSchema>;

export const taxRateSchema = z.object({
  id: z.string(),
  country: z.string(),
  region: z.string().nullable(),
  ratePercent: z.number(),
  appliesToShipping: z.boolean(),
});
export type TaxRate = z.infer<typeof taxRateSchema>;
export const taxRateListSchema = z.array(taxRateSchema);

/** `PUT /admin/tax-rates/{id}`: the whole rate, and optionally `expected`, as `shippingMethodUpdateSchema`'s (decision 202). */
export const taxRateUpdateSchema = taxRateInputSchema.extend({ expected: taxRateSchema.omit({ id: true }).optional() });
export type TaxRateUpdate = z.input<typeof taxRateUpdateSchema>;

/** The `{id}` of a method's or a rate's path. */
export const shippingIdParamsSchema = z.object({ id: z.string().max(100) });

/** What the admin screens say about shipping methods and tax rates. */
export const shippingNotices = {
  methodAdded: (name: string) => `Shipping method “${name}” added`,
  methodSaved: (name: string) => `Shipping method “${name}” saved`,
  methodRemoved: 'Shipping method deleted',
  methodActivated: (name: string) => `“${name}” is offered at checkout again`,
  methodDeactivated: (name: string) => `“${name}” is no longer offered at checkout`,
  confirmRemoveMethod: (name: string) =>
    `Delete the shipping method “${name}”? Checkout stops offering it at once; orders placed with it keep their copy.`,
  rateAdded: (place: string) => `Tax rate for ${place} added`,
  rateSaved: (place: string) => `Tax rate for ${place} saved`,
  rateRemoved: 'Tax rate deleted',
  confirmRemoveRate: (place: string) => `Delete the tax rate for ${place}? Checkout stops charging it at once.`,
} as const;
