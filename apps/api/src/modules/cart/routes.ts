import {
  apiErrors,
  buyAgainReplySchema,
  cartEntriesSchema,
  cartLineParamsSchema,
  cartMessages,
  cartQuantitySchema,
  cartSchema,
  errorSchema,
  orderIdParamsSchema,
  QUICK_ORDER_MAX_LINES,
  quickOrderLineCount,
  quickOrderReplySchema,
  quickOrderSchema,
} from '@autoparts/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn as security } from '../../plugins/api-docs';
import { identityOf } from '../auth/identity';
import { createCartRepository } from './repository';

/**
 * The signed-in customer's cart (`/api/cart`, decision 050), nobody else's; a visitor's is kept in
 * the browser and priced by `POST /api/cart/preview` until it is merged at sign-in. Every write
 * answers the whole cart as `GET` does, so the page and the header's count follow from its reply.
 */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const cart = createCartRepository(app.db);
  const errors = { 400: errorSchema, 401: errorSchema };

  app.get(
    '/cart',
    { onRequest: app.requireUser, schema: { tags: ['cart'], security, response: { 200: cartSchema, ...errors } } },
    async (request) => cart.get(identityOf(request).userId),
  );

  app.put(
    '/cart/lines/:partId',
    {
      onRequest: app.requireUser,
      config: app.limitedBy('cart'),
      schema: {
        tags: ['cart'],
        security,
        description: 'Sets the quantity of one part in the cart (0 removes it); a quantity the part cannot take is refused with why.',
        params: cartLineParamsSchema,
        body: cartQuantitySchema,
        response: { 200: cartSchema, ...errors, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const { userId } = identityOf(request);
      const outcome = await cart.setQuantity(userId, request.params.partId, request.body.quantity);
      if (!outcome.ok) return reply.code(outcome.status).send({ message: outcome.message });
      return cart.get(userId);
    },
  );

  app.delete(
    '/cart/lines/:partId',
    {
      onRequest: app.requireUser,
      config: app.limitedBy('cart'),
      schema: { tags: ['cart'], security, params: cartLineParamsSchema, response: { 200: cartSchema, ...errors } },
    },
    async (request) => {
      const { userId } = identityOf(request);
      await cart.remove(userId, request.params.partId);
      return cart.get(userId);
    },
  );

  app.post(
    '/cart/merge',
    {
      onRequest: app.requireUser,
      config: app.limitedBy('cart'),
      schema: {
        tags: ['cart'],
        security,
        description:
          'Merges a visitor’s cart at sign-in: quantities are added to the lines there, capped by stock; unknown, archived and sold-out parts, and new parts past 100 lines, are skipped.',
        body: cartEntriesSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = identityOf(request);
      await cart.merge(userId, request.body.lines);
      return cart.get(userId);
    },
  );

  app.post(
    '/cart/quick-order',
    {
      onRequest: app.requireUser,
      config: app.limitedBy('quickOrders'),
      schema: {
        tags: ['cart'],
        security,
        description:
          'One part per line: a part, older, OEM or other brand’s (interchange) number and a quantity, separated by spaces, tabs, commas or semicolons (case, spaces and dashes in numbers do not matter). Known lines are added, an older number as its current part and another brand’s in our quantity (rounded up), each such line listed in converted; every other line is a problem with its 1-based number.',
        body: quickOrderSchema,
        response: { 200: quickOrderReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = identityOf(request);
      const { text } = request.body;
      if (quickOrderLineCount(text) > QUICK_ORDER_MAX_LINES) return reply.code(400).send({ message: cartMessages.quickOrderTooManyLines });
      if (quickOrderLineCount(text) === 0) return reply.code(400).send({ message: cartMessages.quickOrderEmpty });
      const outcome = await cart.quickOrder(userId, text);
      return { cart: await cart.get(userId), ...outcome };
    },
  );

  app.post(
    '/order/:id/buy-again',
    {
      onRequest: app.requireUser,
      config: app.limitedBy('cart'),
      schema: {
        tags: ['cart'],
        security,
        description:
          'Buy again (issue 30): puts every line of one of the customer’s orders still sellable in their cart at its current price, a superseded or renumbered part as its replacement (`replaced` names the number ordered), and lists what could not be added and why.',
        params: orderIdParamsSchema,
        response: { 200: buyAgainReplySchema, ...errors, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const outcome = await cart.buyAgain(identityOf(request).userId, request.params.id);
      if (!outcome) return reply.code(404).send({ message: apiErrors.orderNotFound });
      return outcome;
    },
  );

  app.post(
    '/cart/preview',
    {
      config: app.limitedBy('cartPreviews'),
      schema: {
        tags: ['cart'],
        description:
          'A visitor’s cart (kept in the browser) priced and checked as an account’s would be, without keeping it; lines of parts that do not exist are left out.',
        body: cartEntriesSchema,
        response: { 200: cartSchema, 400: errorSchema },
      },
    },
    async (request) => cart.preview(request.body.lines),
  );
};
