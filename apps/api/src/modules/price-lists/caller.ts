import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A read whose reply carries prices (decision 080): a member whose company has price lists is
     * answered with their contract prices, from the database, `private, no-store`; the public
     * cache neither serves them a stored reply nor keeps theirs.
     */
    priced?: true;
  }
  interface FastifyRequest {
    /** Memo of `app.contractBuyer`: undefined until asked. */
    contractBuyerMemo: Promise<string | null> | undefined;
  }
  interface FastifyInstance {
    /**
     * The user id of the caller when they are a member of a company with price lists, else
     * null. A request without credentials (no cookie, no bearer token) is null at no cost.
     */
    contractBuyer(request: FastifyRequest): Promise<string | null>;
  }
}

/** Who sees contract prices (decision 080): decided once per request, as late as it is needed. */
export function registerContractBuyer(app: FastifyInstance) {
  app.decorateRequest('contractBuyerMemo', undefined);
  const lookUp = async (request: FastifyRequest): Promise<string | null> => {
    if (!request.headers.cookie && !request.headers.authorization) return null;
    const identity = request.identity ?? (await app.identify(request));
    if (!identity) return null;
    const member = await app.db
      .selectFrom('company_members')
      .select('company_members.user_id')
      .where('company_members.user_id', '=', identity.userId)
      .where((eb) => eb.exists(eb.selectFrom('company_price_lists').select('company_price_lists.company_id').whereRef('company_price_lists.company_id', '=', 'company_members.company_id')))
      .executeTakeFirst();
    return member ? member.user_id : null;
  };
  app.decorate('contractBuyer', (request: FastifyRequest) => (request.contractBuyerMemo ??= lookUp(request)));
}
