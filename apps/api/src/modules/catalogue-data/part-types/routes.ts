import { partTypeCategoriesInputSchema, partTypeCategorySchema } from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminErrors, signedIn as security } from '../../../plugins/api-docs';
import { audited } from '../../audit/repository';
import { identityOf } from '../../auth/identity';
import { createPartTypeCategories } from './repository';

/**
 * Admin only: which shop category a new part of each PCdb part type goes to (decision 084),
 * `GET|PUT /api/admin/catalogue/part-type-categories`.
 */
export const partTypeCategoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const list = z.array(partTypeCategorySchema);

  app.get(
    '/admin/catalogue/part-type-categories',
    {
      onRequest: app.requireAdmin,
      schema: { tags, security, description: 'The part types the shop\'s parts carry or that are mapped (at most 1,000, by name), each with its category (null: none) and its number of parts.', response: { 200: list, ...adminErrors } },
    },
    async () => createPartTypeCategories(app.db).list(),
  );

  app.put(
    '/admin/catalogue/part-type-categories',
    {
      onRequest: app.requireAdmin,
      config: app.limitedBy('adminWrites'),
      schema: {
        tags,
        security,
        description: 'Maps each part type listed to a category (null: no mapping); part types not listed stay as they are. At most 1,000 at once. Answers the list as GET does.',
        body: partTypeCategoriesInputSchema,
        response: { 200: list, ...adminErrors },
      },
    },
    async (request, reply) => {
      const { mappings } = request.body;
      const outcome = await audited(
        app.db,
        identityOf(request),
        (trx) => createPartTypeCategories(trx).save(request.body),
        (saved) =>
          'problem' in saved || mappings.length === 0
            ? undefined
            : { action: 'catalogue.part-type-categories', target: 'part-type-categories', details: { ...saved, partTypes: mappings.slice(0, 20).map((row) => `${row.partTypeId}→${row.category ?? 'none'}`) } },
      );
      if ('problem' in outcome) return reply.code(400).send({ message: outcome.problem });
      return createPartTypeCategories(app.db).list();
    },
  );
};
