import { categorySchema, errorSchema, searchQuerySchema, searchResultSchema } from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createCatalogueRepository } from './repository';
import { searchParts } from './search';

/** Public, read-only: search with facets and filters, and the list of categories. */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogue = createCatalogueRepository(app.db);

  // Bounded: q at most 100 characters, pages of 24, at most page 100; counted per address.
  app.get(
    '/search',
    {
      config: { ...app.limitedBy('search'), cachedAs: 'catalogue' },
      schema: { tags: ['catalogue'], querystring: searchQuerySchema, response: { 200: searchResultSchema, 400: errorSchema } },
    },
    async (request) => searchParts(app.db, request.query),
  );

  app.get('/categories', { config: { cachedAs: 'catalogue' }, schema: { tags: ['catalogue'], response: { 200: z.array(categorySchema) } } }, async () =>
    catalogue.categories(),
  );
};
