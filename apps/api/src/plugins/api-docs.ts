import { errorSchema } from '@autoparts/shared';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI description, generated from the routes' zod schemas; served at /api/docs. */
export async function apiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Car parts shop API', version: '1.0.0' },
      servers: [{ url: '/api' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'The accessToken of PUT /user/{email}' },
          session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
}

/** The `security` of a route that takes either credential of DESIGN §5. */
export const signedIn: Array<Record<string, string[]>> = [{ bearer: [] }, { session: [] }];

/** The refusals of an admin route about one part: a bad request, not signed in, not an admin, no such part. */
export const adminErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
