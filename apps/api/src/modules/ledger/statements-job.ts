import { ACCOUNTS_ROLES, statementPath } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { withTransaction } from '../../lib/transaction';
import { createLedgerRepository } from './repository';

/** The month before `now`'s, YYYY-MM (UTC). */
export function previousMonth(now: Date): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return date.toISOString().slice(0, 7);
}

/**
 * Each company's statement of `month` e-mailed to its owners and accounts members, through the
 * mail outbox (one transaction per company: its messages are queued together or not at all).
 * Companies whose ledger has no entry yet get none. Answers how many messages were queued.
 */
export async function mailStatements(app: FastifyInstance, month: string): Promise<number> {
  const ledger = createLedgerRepository(app.db);
  const companies = await app.db
    .selectFrom('companies')
    .selectAll()
    .where(({ exists, selectFrom }) => exists(selectFrom('company_ledger').select('seq').whereRef('company_ledger.company_id', '=', 'companies.id')))
    .orderBy('seq')
    .execute();
  let queued = 0;
  for (const company of companies) {
    const statement = await ledger.statement(company, month);
    const members = await app.db
      .selectFrom('company_members')
      .innerJoin('users', 'users.id', 'company_members.user_id')
      .select(['users.email', 'users.name'])
      .where('company_members.company_id', '=', company.id)
      .where('company_members.role', 'in', [...ACCOUNTS_ROLES])
      .execute();
    await withTransaction(app.db, async (trx) => {
      for (const member of members) {
        await app.mail.queue(trx, {
          kind: 'company-statement',
          to: member.email,
          name: member.name,
          companyName: company.name,
          month,
          closingCents: statement.closingCents,
          url: `${app.config.baseUrl}${statementPath(month)}`,
        });
      }
    });
    queued += members.length;
  }
  return queued;
}

/** The monthly job: at 06:00 UTC on the 1st, once however many instances run (the queue's schedule). */
export async function registerStatementMail(app: FastifyInstance): Promise<void> {
  await app.jobs.work('company-statements', async () => {
    const month = previousMonth(new Date());
    const queued = await mailStatements(app, month);
    app.log.info({ month, queued }, 'company statements mailed');
  });
  await app.jobs.schedule('company-statements', '0 6 1 * *');
}
