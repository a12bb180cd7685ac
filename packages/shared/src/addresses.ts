import { z } from 'zod';
import { withoutDirectionControls } from './form-fields';
import { internationalPhone, PHONE_MAX_LENGTH, phoneProblem } from './phone';

/**
 * The address book (issue 23): an account's shipping addresses, checked per country. The server
 * decides; the browser runs the same schema for its messages.
 *
 * To ship to one more country, add it to `countries` below: its ISO 3166-1 alpha-2 code, its
 * name, its postal code's pattern (upper case, as typed after trimming) with a hint of its form
 * and how it is written once valid, and, where addresses there name a state or province, the
 * list of them (ISO 3166-2 codes without the country prefix) with the label the form shows.
 */
export interface Region {
  code: string;
  name: string;
}

export interface Country {
  code: string;
  name: string;
  postalCode: {
    /** Tested against the code trimmed and in upper case. */
    pattern: RegExp;
    /** What the form shows under the field, and the message names: "12345 or 12345-6789". */
    hint: string;
    /** How a valid code is kept (a single space where the country writes one). */
    normalize?: (code: string) => string;
  };
  /** The country's subdivisions an address must name, with the form's label; absent: none. */
  regions?: { label: string; list: readonly Region[] };
}

const regions = (entries: Record<string, string>): Region[] => Object.entries(entries).map(([code, name]) => ({ code, name }));
/** "K1A0B1" or "K1A  0B1" → "K1A 0B1": one space before the last `tail` characters. */
const spaced = (tail: number) => (code: string) => {
  const compact = code.replace(/\s+/g, '');
  return `${compact.slice(0, -tail)} ${compact.slice(-tail)}`;
};

const usStates = regions({
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
  DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois',
  IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland',
  MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
  NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York',
  NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania',
  RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
  VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
});

const caProvinces = regions({
  AB: 'Alberta', BC: 'British Columbia', MB: 'Manitoba', NB: 'New Brunswick', NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia', NT: 'Northwest Territories', NU: 'Nunavut', ON: 'Ontario', PE: 'Prince Edward Island',
  QC: 'Quebec', SK: 'Saskatchewan', YT: 'Yukon',
});

const mxStates = regions({
  AGU: 'Aguascalientes', BCN: 'Baja California', BCS: 'Baja California Sur', CAM: 'Campeche', CHP: 'Chiapas',
  CHH: 'Chihuahua', CMX: 'Ciudad de México', COA: 'Coahuila', COL: 'Colima', DUR: 'Durango', GUA: 'Guanajuato',
  GRO: 'Guerrero', HID: 'Hidalgo', JAL: 'Jalisco', MEX: 'México', MIC: 'Michoacán', MOR: 'Morelos', NAY: 'Nayarit',
  NLE: 'Nuevo León', OAX: 'Oaxaca', PUE: 'Puebla', QUE: 'Querétaro', ROO: 'Quintana Roo', SLP: 'San Luis Potosí',
  SIN: 'Sinaloa', SON: 'Sonora', TAB: 'Tabasco', TAM: 'Tamaulipas', TLA: 'Tlaxcala', VER: 'Veracruz',
  YUC: 'Yucatán', ZAC: 'Zacatecas',
});

const auStates = regions({
  ACT: 'Australian Capital Territory', NSW: 'New South Wales', NT: 'Northern Territory', QLD: 'Queensland',
  SA: 'South Australia', TAS: 'Tasmania', VIC: 'Victoria', WA: 'Western Australia',
});

/** The countries the shop ships to, in the order the form lists them (North America first). */
export const countries: readonly Country[] = [
  {
    code: 'US',
    name: 'United States',
    postalCode: { pattern: /^\d{5}(-\d{4})?$/, hint: '12345 or 12345-6789' },
    regions: { label: 'State', list: usStates },
  },
  {
    code: 'CA',
    name: 'Canada',
    postalCode: { pattern: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/, hint: 'A1A 1A1', normalize: spaced(3) },
    regions: { label: 'Province or territory', list: caProvinces },
  },
  {
    code: 'MX',
    name: 'Mexico',
    postalCode: { pattern: /^\d{5}$/, hint: '5 digits, as 06600' },
    regions: { label: 'State', list: mxStates },
  },
  {
    code: 'AU',
    name: 'Australia',
    postalCode: { pattern: /^\d{4}$/, hint: '4 digits, as 2000' },
    regions: { label: 'State or territory', list: auStates },
  },
  { code: 'FR', name: 'France', postalCode: { pattern: /^\d{5}$/, hint: '5 digits, as 75008' } },
  { code: 'DE', name: 'Germany', postalCode: { pattern: /^\d{5}$/, hint: '5 digits, as 10115' } },
  {
    code: 'NL',
    name: 'Netherlands',
    // 1000–9999 and two letters, never SA, SD or SS.
    postalCode: { pattern: /^[1-9]\d{3} ?(?!SA|SD|SS)[A-Z]{2}$/, hint: '1234 AB', normalize: spaced(2) },
  },
  {
    code: 'GB',
    name: 'United Kingdom',
    postalCode: { pattern: /^([A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|GIR ?0AA)$/, hint: 'SW1A 1AA', normalize: spaced(3) },
  },
];

const byCode = new Map(countries.map((country) => [country.code, country]));

/** The country of an ISO code the shop ships to, if it does. */
export function countryOf(code: string): Country | undefined {
  return byCode.get(code);
}

/** A region's name ("Illinois") for its code in a country, else the code itself. */
export function regionName(country: string, region: string): string {
  return countryOf(country)?.regions?.list.find((entry) => entry.code === region)?.name ?? region;
}

export const ADDRESSES_MAX = 20;
export const ADDRESS_FIELD_MAX = 100;
/** An address's JSON is well under 2 KiB even with every field at its longest. */
export const addressesBodyLimit = 4 * 1024;
const POSTAL_CODE_MAX = 12;

/** What a buyer reads when an address is wrong: each names its field. */
export const addressMessages = {
  nameRequired: 'Name is required',
  line1Required: 'Address line 1 is required',
  cityRequired: 'City is required',
  countryUnknown: 'Choose a country from the list',
  postalCodeRequired: 'Postal code is required',
  postalCode: (country: Country) => `Postal code: write it as ${country.postalCode.hint} for ${country.name}`,
  regionRequired: (country: Country) => `${country.regions?.label ?? 'Region'}: choose one from the list for ${country.name}`,
  regionNone: (country: Country) => `Region: ${country.name} addresses take none`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  tooMany: `You can keep at most ${ADDRESSES_MAX} addresses. Delete one to add another.`,
  notFound: 'Address not found',
  added: 'Address saved',
  updated: 'Address updated',
  deleted: 'Address deleted',
  madeDefault: 'Default address changed',
} as const;

/** A line of the address: the admin and the carrier read it, so it has no text-direction control (decision 216). */
const text = (label: string, required?: string) => {
  const base = z.string().trim().max(ADDRESS_FIELD_MAX, addressMessages.tooLong(label, ADDRESS_FIELD_MAX));
  return withoutDirectionControls(required ? base.min(1, required) : base, label);
};

/** The region as typed, in upper case and without the country's prefix ("us-il" → "IL"). */
function regionCode(country: Country, typed: string | null | undefined): string {
  const region = (typed ?? '').toUpperCase();
  return region.startsWith(`${country.code}-`) ? region.slice(country.code.length + 1) : region;
}

/** The postal code as typed, in upper case with single spaces. */
const postalCodeOf = (typed: string) => typed.toUpperCase().replace(/\s+/g, ' ');

const addressFieldsSchema = z.object({
  name: text('Name', addressMessages.nameRequired),
  company: text('Company').default(''),
  line1: text('Address line 1', addressMessages.line1Required),
  line2: text('Address line 2').default(''),
  city: text('City', addressMessages.cityRequired),
  region: z.string().trim().max(8, addressMessages.tooLong('Region', 8)).nullish(),
  postalCode: z.string().trim().max(POSTAL_CODE_MAX, addressMessages.tooLong('Postal code', POSTAL_CODE_MAX)),
  country: z.string().trim().toUpperCase().length(2, addressMessages.countryUnknown),
  phone: z.string().trim().max(PHONE_MAX_LENGTH, addressMessages.tooLong('Phone', PHONE_MAX_LENGTH)).default(''),
  isDefault: z.boolean().default(false),
});

/**
 * The checks that depend on the country: the region from its list, the postal code in its form,
 * the phone. They run even when other fields are refused (`when`), each on a field that passed
 * its own checks, so a form sent empty hears about its state and postal code in the same round as
 * its name; the other fields' messages still come first (the API answers the first).
 */
const countryChecks = addressFieldsSchema.superRefine(
  (address, context) => {
    const refused = (field: string) => context.issues.some((issue) => issue.path?.[0] === field);
    if (refused('country')) return;
    const fail = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    const country = countryOf(address.country);
    if (!country) {
      fail('country', addressMessages.countryUnknown);
      return;
    }

    if (!refused('region')) {
      const region = regionCode(country, address.region);
      if (country.regions) {
        if (!country.regions.list.some((entry) => entry.code === region)) fail('region', addressMessages.regionRequired(country));
      } else if (region !== '') {
        fail('region', addressMessages.regionNone(country));
      }
    }

    if (!refused('postalCode')) {
      const postal = postalCodeOf(address.postalCode);
      if (postal === '') fail('postalCode', addressMessages.postalCodeRequired);
      else if (!country.postalCode.pattern.test(postal)) fail('postalCode', addressMessages.postalCode(country));
    }

    if (!refused('phone')) {
      const phoneWrong = address.phone === '' ? null : phoneProblem(address.phone);
      if (phoneWrong) fail('phone', phoneWrong);
    }
  },
  // Zod skips a refinement once a field has failed; this one only needs the fields' object.
  { when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value) },
);

/**
 * An address as the form and `POST /api/addresses` / `PUT /api/addresses/{id}` send it. Output:
 * the region in upper case without its country prefix (null where the country has no list), the
 * postal code in the country's form, the phone in its international form.
 */
export const addressInputSchema = countryChecks.transform((address) => {
  // Only a valid address gets here: its country is one of the table's.
  const country = countryOf(address.country) as Country;
  const postal = postalCodeOf(address.postalCode);
  return {
    ...address,
    country: country.code,
    region: country.regions ? regionCode(country, address.region) : null,
    postalCode: country.postalCode.normalize ? country.postalCode.normalize(postal) : postal,
    phone: address.phone === '' ? '' : internationalPhone(address.phone, country.code),
  };
});
export type AddressInput = z.input<typeof addressInputSchema>;
export type AddressFields = z.output<typeof addressInputSchema>;

/** An address of the book, as the API answers it; `region` null where the country has no list. */
export const addressSchema = z.object({
  id: z.string(),
  name: z.string(),
  company: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  region: z.string().nullable(),
  postalCode: z.string(),
  country: z.string(),
  phone: z.string(),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressListSchema = z.array(addressSchema);

/** `{id}` of `/api/addresses/{id}`: anything that is no id is an address nobody has (404). */
export const addressIdParamsSchema = z.object({ id: z.string().max(64) });

/** An address in lines, as a label is written: for the picker, the order's page and e-mails. */
export function addressLines(address: Pick<Address, 'name' | 'company' | 'line1' | 'line2' | 'city' | 'region' | 'postalCode' | 'country'>): string[] {
  const country = countryOf(address.country);
  const place = [address.city, [address.region, address.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [address.name, address.company, address.line1, address.line2, place, country?.name ?? address.country].filter(
    (line) => line !== '',
  );
}
