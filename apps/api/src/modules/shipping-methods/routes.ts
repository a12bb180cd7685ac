import { adminMessages, shippingMessages, shippingMethodInputSchema, shippingMethodListSchema, shippingMethodSchema, shippingMethodUpdateSchema } from '@autoparts/shared';
import { adminCollectionRoutes } from '../../plugins/admin-collection';
import { createShippingMethodsRepository, nameTakenOr } from './repository';

/** Admins only, every write audited in its transaction: the shipping methods checkout offers. */
export const shippingMethodsRoutes = adminCollectionRoutes({
  path: '/admin/shipping-methods',
  noun: 'shipping-method',
  schemas: { list: shippingMethodListSchema, item: shippingMethodSchema, input: shippingMethodInputSchema, update: shippingMethodUpdateSchema },
  repository: createShippingMethodsRepository,
  taken: 'name-taken',
  takenOr: nameTakenOr,
  messages: { changed: adminMessages.fieldChanged('shipping method'), notFound: shippingMessages.methodNotFound, taken: (input) => shippingMessages.nameTaken(input.name) },
  removedDetails: (method) => ({ name: method.name }),
});
