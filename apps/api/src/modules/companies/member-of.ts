import { companyMessages, type CompanyRole } from '@autoparts/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
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

/**
 * A member route's write, after `memberGuard` let the caller in: `work` runs with the company's row
 * locked and the caller's role read again under that lock (`asMember`), so a role another owner
 * took away meanwhile (a request already on its way) allows nothing: 404 when they are no longer a
 * member, 403 with `refusal` when their role no longer allows it; undefined then, the reply sent.
 */
export function memberWrite(companies: CompaniesRepository) {
  return async function asMember<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    companyId: string,
    roles: readonly CompanyRole[] | undefined,
    work: (trx: Db) => Promise<T>,
    refusal: string = companyMessages.ownerOnly,
  ): Promise<{ value: T } | undefined> {
    const outcome = await companies.asMember(companyId, identityOf(request).userId, roles, work);
    if ('value' in outcome) return outcome;
    if (outcome.refused === 'not-member') await reply.code(404).send({ message: companyMessages.notMember });
    else await reply.code(403).send({ message: refusal });
    return undefined;
  };
}
