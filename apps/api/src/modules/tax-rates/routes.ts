import { adminMessages, shippingMessages, taxPlace, taxRateInputSchema, taxRateUpdateSchema, taxRateListSchema, taxRateSchema } from '@autoparts/shared';
import { adminCollectionRoutes } from '../../plugins/admin-collection';
import { createTaxRatesRepository, placeTakenOr } from './repository';

/** Admins only, every write audited in its transaction: the tax rates checkout charges, one a place. */
export const taxRatesRoutes = adminCollectionRoutes({
  path: '/admin/tax-rates',
  noun: 'tax-rate',
  schemas: { list: taxRateListSchema, item: taxRateSchema, input: taxRateInputSchema, update: taxRateUpdateSchema },
  repository: createTaxRatesRepository,
  taken: 'place-taken',
  takenOr: placeTakenOr,
  messages: { changed: adminMessages.fieldChanged('tax rate'), notFound: shippingMessages.rateNotFound, taken: (input) => shippingMessages.rateTaken(taxPlace(input.country, input.region)) },
  removedDetails: (rate) => ({ country: rate.country, region: rate.region, ratePercent: rate.ratePercent }),
});
