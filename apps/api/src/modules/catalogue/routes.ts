import { catalogueMessages, categorySchema, errorSchema, searchQuerySchema, searchResultSchema } from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asMemberSees, contractPricesOfCaller } from '../price-lists/pricing';
import { createCatalogueRepository } from './repository';
import { searchParts } from './search';

/** Public, read-only: search with facets and filters, and the list of categories. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogue = createCatalogueRepository(app.db);
  const contractsOf = contractPricesOfCaller(app);

  // Bounded: q at most 100 characters, pages of 24, at most page 100; counted per address.
  app.get(
    '/search',
    {
      config: { ...app.limitedBy('search'), cachedAs: 'catalogue', priced: true },
      schema: { tags: ['catalogue'], querystring: searchQuerySchema, response: { 200: searchResultSchema, 400: errorSchema } },
    },
    async (request, reply) => {
      // A category the shop does not have is refused in the words of a slug that is none (decision 191):
      // not "0 parts" under a made-up name, a page of its own to anyone who links to it.
      if (request.query.category !== undefined && !(await catalogue.hasCategory(request.query.category))) {
        return reply.code(400).send({ message: catalogueMessages.badCategory });
      }
      // Whoever has contract prices gets their results sorted by them; the reply is theirs alone (decision 080).
      const result = await searchParts(app.db, request.query, (await app.contractBuyer(request)) ?? undefined);
      const contracts = await contractsOf(request, result.items.map((part) => part._id));
      return { ...result, items: result.items.map((part) => asMemberSees(contracts, part)) };
    },
  );

  app.get('/categories', { config: { cachedAs: 'catalogue' }, schema: { tags: ['catalogue'], response: { 200: z.array(categorySchema) } } }, async () =>
    catalogue.categories(),
  );
};
