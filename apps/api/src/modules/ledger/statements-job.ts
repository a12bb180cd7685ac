import { ACCOUNTS_ROLES, paths } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { withTransaction } from '../../lib/transaction';
import { membersIn } from './entries';
import { createLedgerRepository } from './repository';

/** The month before `now`'s, YYYY-MM (UTC). */
export function previousMonth(now: Date): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return date.toISOString().slice(0, 7);
}

/** The first instant of the month after `month` (YYYY-MM, UTC). */
function monthAfter(month: string): Date {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(year, monthNumber, 1));
}

/**
 * Each company's statement of `month` e-mailed to its owners and accounts members, through the
 * mail outbox, once: the company is marked sent (`company_statements_sent`) in the transaction
 * that queues its messages, so they go together or not at all, and a run again mails only the
 * companies not done yet. Companies whose ledger had no entry by the end of the month get none.
 * Answers how many messages were queued.
 */
export async function mailStatements(app: FastifyInstance, month: string): Promise<number> {
  const ledger = createLedgerRepository(app.db);
  let queued = 0;
  // A page of companies at a time, by their order (decision 230): 5,000 companies were read at once.
  for (let after: string | null = null; ; ) {
    const companies = await companiesToMail(app, month, after);
    for (const company of companies) queued += await mailStatement(app, ledger, company, month);
    const last = companies.at(-1);
    if (companies.length < STATEMENT_PAGE || !last) return queued;
    after = last.seq;
  }
}

/** Companies at a time the statements job reads. */
const STATEMENT_PAGE = 200;

/** The next `STATEMENT_PAGE` companies after `after` (their `seq`) with entries by the end of the month and no statement mailed. */
function companiesToMail(app: FastifyInstance, month: string, after: string | null) {
  let query = app.db
    .selectFrom('companies')
    .select(['id', 'seq', 'name'])
    .where(({ exists, not, selectFrom }) =>
      exists(selectFrom('company_ledger').select('seq').whereRef('company_ledger.company_id', '=', 'companies.id').where('company_ledger.at', '<', monthAfter(month))).and(
        not(exists(selectFrom('company_statements_sent').select('month').whereRef('company_statements_sent.company_id', '=', 'companies.id').where('company_statements_sent.month', '=', month))),
      ),
    );
  if (after !== null) query = query.where('seq', '>', after);
  return query.orderBy('seq').limit(STATEMENT_PAGE).execute();
}

/**
 * The company's statement of `month` mailed to its owners and accounts members, once: its closing
 * balance, which the message gives (the Company page downloads the statement itself).
 */
async function mailStatement(app: FastifyInstance, ledger: ReturnType<typeof createLedgerRepository>, company: { id: string; name: string }, month: string): Promise<number> {
  const closingCents = await ledger.closingCents(company.id, month);
  return withTransaction(app.db, async (trx) => {
    // Another run (a retry, another instance's catch-up) may have mailed it meanwhile.
    const first = await trx.insertInto('company_statements_sent').values({ company_id: company.id, month }).onConflict((oc) => oc.doNothing()).returning('month').executeTakeFirst();
    if (!first) return 0;
    const members = await membersIn(trx, company.id, ACCOUNTS_ROLES);
    for (const member of members) {
      await app.mail.queue(trx, {
        kind: 'company-statement',
        to: member.email,
        name: member.name,
        companyName: company.name,
        month,
        closingCents,
        // The Company page, which downloads it: the PDF's own address answers a reader signed
        // out (a phone, usually) with a bare 401, where the page signs them in and back (decision 114).
        url: `${app.config.baseUrl}${paths.company}`,
      });
    }
    return members.length;
  });
}

/**
 * The statements job: every morning at 06:00 UTC, once however many instances run (the queue's
 * schedule), for the month before. On the 1st it mails every company; on the other days it mails
 * those a missed or broken run left out (no instance up at 06:00 on the 1st, the database away
 * mid-run) and nobody else. Retried: a company is mailed once whatever runs again.
 */
export async function registerStatementMail(app: FastifyInstance): Promise<void> {
  await app.jobs.work('company-statements', async () => {
    const month = previousMonth(new Date());
    const queued = await mailStatements(app, month);
    if (queued > 0) app.log.info({ month, queued }, 'company statements mailed');
  });
  await app.jobs.schedule('company-statements', '0 6 * * *');
}
