import {
  catalogueMessages,
  errorSchema,
  fieldErrorSchema,
  fittingPartsQuerySchema,
  makesQuerySchema,
  modelsQuerySchema,
  partParamsSchema,
  vehicleOptionsQuerySchema,
  vehicleOptionsSchema,
  vehicleParamsSchema,
  vehicleApplicationsSchema,
  vehicleSchema,
  apiErrors,
} from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createVehiclesRepository } from './repository';
import { decodeVin, sameModel, vinReplySchema } from './vin';

/** Public, read-only and counted per address: the vehicle selector, VIN decoding, and which parts fit a vehicle. */
export const vehiclesRoutes: FastifyPluginAsyncZod = async (app) => {
  const vehicles = createVehiclesRepository(app.db);
  const errors = { 400: errorSchema, 404: errorSchema };
  // Every read here is counted per address (modules/limits/limits.ts).
  const reads = app.limitedBy('vehicleReads');

  app.get('/vehicles/years', { config: { ...reads, cachedAs: 'catalogue' }, schema: { tags: ['vehicles'], response: { 200: z.array(z.number().int()) } } }, async () =>
    vehicles.years(),
  );

  app.get(
    '/vehicles/makes',
    { config: { ...reads, cachedAs: 'catalogue' }, schema: { tags: ['vehicles'], querystring: makesQuerySchema, response: { 200: z.array(z.string()), 400: errorSchema } } },
    async (request) => vehicles.makes(request.query.year),
  );

  app.get(
    '/vehicles/models',
    { config: { ...reads, cachedAs: 'catalogue' }, schema: { tags: ['vehicles'], querystring: modelsQuerySchema, response: { 200: z.array(vehicleSchema), 400: errorSchema } } },
    async (request) => vehicles.ofMakeAndYear(request.query.make, request.query.year),
  );

  app.get(
    '/vehicles/options',
    {
      config: { ...reads, cachedAs: 'catalogue' },
      schema: { tags: ['vehicles'], querystring: vehicleOptionsQuerySchema, response: { 200: vehicleOptionsSchema, ...errors } },
    },
    async (request, reply) => {
      const options = await vehicles.options(request.query.year, request.query.make, request.query.model);
      if (!options) return reply.code(404).send({ message: catalogueMessages.vehicleNotFound });
      return options;
    },
  );

  app.get(
    '/vehicles/:id',
    { config: { ...reads, cachedAs: 'catalogue' }, schema: { tags: ['vehicles'], params: vehicleParamsSchema, response: { 200: vehicleSchema, ...errors } } },
    async (request, reply) => {
      const vehicle = await vehicles.find(request.params.id);
      if (!vehicle) return reply.code(404).send({ message: catalogueMessages.vehicleNotFound });
      return vehicle;
    },
  );

  // The "fits" badges of a page of part cards: at most 48 part ids at a time.
  app.get(
    '/vehicles/:id/fitting-parts',
    {
      config: { ...reads, cachedAs: 'catalogue' },
      schema: {
        tags: ['vehicles'],
        params: vehicleParamsSchema,
        querystring: fittingPartsQuerySchema,
        // A 400 names the parameter refused (`ids`).
        response: { 200: z.array(z.string()), ...errors, 400: fieldErrorSchema },
      },
    },
    async (request, reply) => {
      const fitting = await vehicles.fittingParts(request.params.id, request.query.ids);
      if (!fitting) return reply.code(404).send({ message: catalogueMessages.vehicleNotFound });
      return fitting;
    },
  );

  // What the part cards of a page say of the vehicle ("Fits your … — Front, with 3.5L V6 only"):
  // the parts' applications on its base vehicle, at most 48 part ids at a time.
  app.get(
    '/vehicles/:id/applications',
    {
      config: { ...reads, cachedAs: 'catalogue' },
      schema: {
        tags: ['vehicles'],
        params: vehicleParamsSchema,
        querystring: fittingPartsQuerySchema,
        response: { 200: vehicleApplicationsSchema, ...errors, 400: fieldErrorSchema },
      },
    },
    async (request, reply) => {
      const applications = await vehicles.applicationsFor(request.params.id, request.query.ids);
      if (!applications) return reply.code(404).send({ message: catalogueMessages.vehicleNotFound });
      return applications;
    },
  );

  app.get(
    '/vin/:vin',
    {
      config: app.limitedBy('vinDecodes'),
      schema: { tags: ['vehicles'], params: z.object({ vin: z.string().max(40) }), response: { 200: vinReplySchema, 400: errorSchema } },
    },
    async (request, reply) => {
      const decoded = decodeVin(request.params.vin);
      if ('problem' in decoded) return reply.code(400).send({ message: decoded.problem });
      // A WMI may stand for several makes (JN1: Nissan, Infiniti, Datsun): the one the catalogue
      // has, the decoded model's make first.
      const { vin, year, makes, model, candidates } = decoded;
      for (const make of makes) {
        const matches = await vehicles.ofMakeAndYear(make, year);
        if (matches.length === 0) continue;
        // Only the models vPIC's patterns allow, which may be none the catalogue carries (a
        // Mustang is no Focus); with no pattern matched, any of the make's models of that year.
        const allowed = candidates.length > 0 ? matches.filter((vehicle) => candidates.some((name) => sameModel(vehicle.model, name))) : matches;
        const named = model ? allowed.find((vehicle) => sameModel(vehicle.model, model.model)) : undefined;
        return { vin, year, make: matches[0]?.make ?? make, model: named?.model ?? model?.model ?? null, vehicles: allowed };
      }
      return { vin, year, make: model?.make ?? makes[0] ?? '', model: model?.model ?? null, vehicles: [] };
    },
  );

  app.get(
    '/part/:id/fitment',
    { config: { ...reads, cachedAs: 'catalogue' }, schema: { tags: ['parts'], params: partParamsSchema, response: { 200: z.array(vehicleSchema), 404: errorSchema } } },
    async (request, reply) => {
      const fitment = await vehicles.fitmentOf(request.params.id);
      if (!fitment) return reply.code(404).send({ message: apiErrors.partNotFound });
      return fitment;
    },
  );
};
