import type { Address } from '@autoparts/shared';

/** Addresses as `GET /api/addresses` answers them, for the web tests. */
export function anAddress(overrides: Partial<Address> = {}): Address {
  return {
    id: 'addr-1',
    name: 'Jane Doe',
    company: 'Doe Garage',
    line1: '100 Main St',
    line2: '',
    city: 'Springfield',
    region: 'IL',
    postalCode: '62701',
    country: 'US',
    phone: '+1 217 555 0100',
    isDefault: true,
    ...overrides,
  };
}

export const torontoAddress = anAddress({
  id: 'addr-2',
  name: 'Jane at work',
  company: '',
  line1: '1 Front St W',
  city: 'Toronto',
  region: 'ON',
  postalCode: 'M5J 2X5',
  country: 'CA',
  phone: '',
  isDefault: false,
});
