import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI description, generated from the routes' zod schemas; served at /api/docs. */
export async function apiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Car parts shop API', version: '1.0.0' },
      servers: [{ url: '/api' }],
    },
    transform: jsonSchemaTransform,
  });
}
