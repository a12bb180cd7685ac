import {
  accountMessages,
  ACCOUNTS_ROLES,
  adminCompanyAccountSchema,
  companyIdParamsSchema,
  companyMessages,
  companyPaymentInputSchema,
  companyPaymentSchema,
  errorSchema,
  ledgerQuerySchema,
  ledgerSchema,
  openInvoiceListSchema,
  statementFileName,
  statementParamsSchema,
  type StatementFormat,
} from '@autoparts/shared';
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminErrors, signedIn as security } from '../../plugins/api-docs';
import { sendCsv } from '../../lib/csv-download';
import { audited } from '../audit/repository';
import { identityOf } from '../auth/identity';
import { memberGuard } from '../companies/member-of';
import { createCompaniesRepository } from '../companies/repository';
import { sendPdf } from '../invoices/pdf';
import { today } from './entries';
import { createLedgerRepository } from './repository';
import { renderStatementCsv } from './statement-csv';
import { renderStatement } from './statement-pdf';

/**
 * A company's account (decision 081). Who may call each route:
 *
 * | route                                  | owner | accounts | buyer | viewer | anyone else signed in | admin (not a member) |
 * |----------------------------------------|-------|----------|-------|--------|-----------------------|----------------------|
 * | GET /company/ledger                    |  yes  |   yes    |  403  |  403   | 404                   | 404                  |
 * | GET /company/statements/{YYYY-MM}.pdf, |  yes  |   yes    |  403  |  403   | 404                   | 404                  |
 * |   /company/statements/{YYYY-MM}.csv    |       |          |       |        |                       |                      |
 * | GET /company/invoices                  |  yes  |   yes    |  403  |  403   | 404                   | 404                  |
 * | POST /company/invoices/pay|checkout    |  yes  |   yes    |  403  |  403   | 404                   | 404                  |
 * | POST /admin/companies/{id}/payments    |  403  |   403    |  403  |  403   | 403                   | yes                  |
 * | GET /admin/companies/{id}/account,     |  403  |   403    |  403  |  403   | 403                   | yes                  |
 * |   /admin/companies/{id}/statements/…   |       |          |       |        |                       |                      |
 *
 * Signed out: 401 everywhere. Paying invoices by card is payments/routes.ts's (the payment provider's mode).
 */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  const companies = createCompaniesRepository(app.db, app.mail, app.config.baseUrl);
  const ledger = createLedgerRepository(app.db);
  const tags = ['company'];
  const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema };

  const memberOf = memberGuard(companies);
  const accountsMemberOf = (request: FastifyRequest, reply: FastifyReply) => memberOf(request, reply, ACCOUNTS_ROLES, accountMessages.accountsOnly);

  /**
   * A company's statement of `month` as the file asked for: the one `Statement` drawn as a PDF or
   * written as CSV (decision 223), under the same name; a month not begun is 404.
   */
  async function sendStatement(reply: FastifyReply, company: { id: string; name: string; tax_id: string }, { month, format }: { month: string; format: StatementFormat }) {
    if (month > today().slice(0, 7)) return reply.code(404).send({ message: accountMessages.noStatement });
    const statement = await ledger.statement(company, month);
    const fileName = statementFileName(statement.company.name, month, format);
    return format === 'csv' ? sendCsv(reply, fileName, renderStatementCsv(statement)) : sendPdf(reply, fileName, await renderStatement(app.config, statement));
  }

  app.get(
    '/company/ledger',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        description:
          'The invoices (+), payments (−) and credit notes (−) of the company, oldest first, with the balance after it and its place in the ledger (`position`). A page: the `limit` newest after the `offset` newest (without them, the newest 500; decision 138). Owner and accounts members.',
        querystring: ledgerQuerySchema,
        response: { 200: ledgerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const membership = await accountsMemberOf(request, reply);
      return membership && ledger.ledger(membership.company.id, request.query);
    },
  );

  app.get(
    '/company/invoices',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        description: 'Each invoice with something still open (after its credit notes and payments), due soonest first; `overdue` once its due date has passed. Owner and accounts members.',
        response: { 200: openInvoiceListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const membership = await accountsMemberOf(request, reply);
      return membership && ledger.openInvoices(membership.company.id);
    },
  );

  app.get(
    '/company/statements/:month',
    {
      onRequest: app.requireUser,
      config: app.limitedBy('documents'),
      schema: {
        tags,
        security,
        description:
          'The month’s statement as a PDF (`{YYYY-MM}.pdf`: opening balance, each entry, an invoice’s with its PO number and due date, closing balance, the balance aged by days past due) or as CSV (`{YYYY-MM}.csv`: the same entries, a row each, between the opening and closing balance; decision 223). Owner and accounts members; a month not begun is 404.',
        params: statementParamsSchema,
        response: { 400: errorSchema, ...errors, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const membership = await accountsMemberOf(request, reply);
      if (!membership) return reply;
      return sendStatement(reply, membership.company, request.params.month);
    },
  );

  app.get(
    '/admin/companies/:id/account',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['admin'],
        security,
        description:
          'The company’s money (decision 107): balance, credit limit and what it leaves, the overdue sum, the open invoices (as `GET /api/company/invoices`) and the newest ledger entries, newest first (of `GET /api/company/ledger`).',
        params: companyIdParamsSchema,
        response: { 200: adminCompanyAccountSchema, ...adminErrors },
      },
    },
    async (request, reply) => (await ledger.adminAccount(request.params.id)) ?? reply.code(404).send({ message: companyMessages.notFound }),
  );

  app.get(
    '/admin/companies/:id/statements/:month',
    {
      onRequest: app.requireAdmin,
      config: app.limitedBy('documents'),
      schema: {
        tags: ['admin'],
        security,
        description:
          'Any company’s statement for a month (`{YYYY-MM}.pdf` or `{YYYY-MM}.csv`), as its owner downloads it from `GET /api/company/statements/{YYYY-MM}.pdf` (or `.csv`); a month not begun is 404.',
        params: z.object({ ...companyIdParamsSchema.shape, ...statementParamsSchema.shape }),
        response: { ...adminErrors, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const company = await ledger.company(request.params.id);
      if (!company) return reply.code(404).send({ message: companyMessages.notFound });
      return sendStatement(reply, company, request.params.month);
    },
  );

  app.post(
    '/admin/companies/:id/payments',
    {
      onRequest: app.requireAdmin,
      config: app.limitedBy('adminWrites'),
      schema: {
        tags: ['admin'],
        security,
        description:
          'A payment received from the company: it settles `invoiceNumbers` in order, then the oldest open invoices; the rest is a credit. The same `reference` again answers the payment recorded (`created: false`). A payment entered is e-mailed to the company’s owners and accounts members (decision 222); one answered again is not.',
        params: companyIdParamsSchema,
        body: companyPaymentInputSchema,
        response: { 200: companyPaymentSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const { id } = request.params;
      if (request.body.receivedAt > today()) return reply.code(400).send({ message: accountMessages.receivedAt });
      const outcome = await audited(
        app.db,
        identity,
        (trx) => createLedgerRepository(trx).recordPayment(id, request.body, identity.userId, app.mail),
        (recorded) =>
          recorded && 'created' in recorded && recorded.created
            ? { action: 'company.payment', target: `company ${id}`, details: { ...request.body, settles: recorded.settles } }
            : undefined,
      );
      if (!outcome) return reply.code(404).send({ message: companyMessages.notFound });
      if ('unknown' in outcome) return reply.code(400).send({ message: accountMessages.unknownInvoices(outcome.unknown) });
      return outcome;
    },
  );
};
