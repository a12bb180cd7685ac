import { companyMessages, type CompanyRole } from '@autoparts/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { identityOf } from '../auth/identity';
import type { CompaniesRepository } from './repository';

/**
 * The member routes' one guard (companies, certificates, ledger): the caller's membership, or the
 * reply sent — 404 when they belong to no company, 403 with `refusal` when their role is not in
 * `roles` (any role when `roles` is absent).
 */
export function memberGuard(companies: CompaniesRepository) {
  return async function memberOf(request: FastifyRequest, reply: FastifyReply, roles?: readonly CompanyRole[], refusal: string = companyMessages.ownerOnly) {
    const membership = await companies.membership(identityOf(request).userId);
    if (!membership) {
      await reply.code(404).send({ message: companyMessages.notMember });
      return undefined;
    }
    if (roles && !roles.includes(membership.role)) {
      await reply.code(403).send({ message: refusal });
      return undefined;
    }
    return membership;
  };
}
