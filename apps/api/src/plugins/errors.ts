import { apiErrors } from '@autoparts/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** One error handler (DESIGN §5): 4xx keep their message, 5xx are logged and say nothing more. */
export function errorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const message = first ? `${field ? `${field}: ` : ''}${first.message}` : error.message;
      return reply.code(400).send({ message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: apiErrors.internal });
    }
    return reply.code(status).send({ message: error.message });
  });
}
