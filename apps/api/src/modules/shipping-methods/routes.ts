import { shippingMessages, shippingMethodInputSchema, shippingMethodListSchema, shippingMethodSchema } from '@autoparts/shared';
import { adminCollectionRoutes } from '../../plugins/admin-collection';
import { createShippingMethodsRepository, nameTakenOr } from './repository';

/** Admins only, every write audited in its transaction: the shipping methods checkout offers. */
export const shippingMethodsRoutes = adminCollectionRoutes({
  path: '/admin/shipping-methods',
  noun: 'shipping-method',
  schemas: { list: shippingMethodListSchema, item: shippingMethodSchema, input: shippingMethodInputSchema },
  repository: createShippingMethodsRepository,
  taken: 'name-taken',
  takenOr: nameTakenOr,
  messages: { notFound: shippingMessages.methodNotFound, taken: (input) => shippingMessages.nameTaken(input.name) },
  removedDetails: (method) => ({ name: method.name }),
});
