/**
 * The shop's own texts that more than one component shows. The contact details are placeholders
 * (a 555-01xx number and an .example address are reserved for fiction) until the real ones are known.
 */
export const SHOP_NAME = 'Autoparts Manufacturer';

export const SHOP_DESCRIPTION =
  'We manufacture brake, engine, electrical and suspension parts for hundreds of car and van models, and sell them straight from the factory to workshops, fleets and drivers.';

/** Fleets and garages that order from us. */
export const CLIENTS = [
  'Northline Fleet Services',
  'Harbor City Motors',
  'Redwood Auto Care',
  'Kessler & Sons Garage',
  'Summit Van Rental',
  'Metro Transit Workshops',
] as const;

export const CONTACT = {
  address: ['1200 Foundry Road', 'Detroit, MI 48201', 'United States'],
  phone: { display: '+1 (313) 555-0142', href: 'tel:+13135550142' },
  email: 'sales@autoparts-manufacturer.example',
} as const;

export const SOCIAL_LINKS = {
  facebook: 'https://www.facebook.com/',
  x: 'https://x.com/',
  instagram: 'https://www.instagram.com/',
  youtube: 'https://www.youtube.com/',
  linkedin: 'https://www.linkedin.com/',
} as const;

/** A page's document title, e.g. 'Blogs — Autoparts Manufacturer'. */
export function pageTitle(page: string): string {
  return `${page} — ${SHOP_NAME}`;
}
