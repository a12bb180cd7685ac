import { formatPrice, ledgerKindLabels, statementPath } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailed } from '../../../components/load-failed';
import { LoadingBlock } from '../../../components/spinner';
import { companyLedgerQuery } from '../api/companies';
import { StatementDownload } from './statement-download';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
/**
 * The company's account for owner and accounts members (decision 081): a month's statement, and
 * its ledger (each invoice, payment and credit note with the balance after it), newest first.
 */
export function CompanyAccount({ companyName }: { companyName: string }) {
  const ledger = useQuery(companyLedgerQuery);

  return (
    <section aria-labelledby="company-account-heading" className="grid gap-4">
      <h2 id="company-account-heading" className="text-xl font-bold text-ink">
        Account
      </h2>
      <StatementDownload
        path={statementPath}
        companyName={companyName}
        label={(month) => `Download the statement for ${month} (PDF)`}
        className="rounded-xl border border-slate-200 bg-white p-4"
      />

      <h3 className="text-lg font-bold text-ink">Ledger</h3>
      {ledger.isError ? (
        <LoadFailed message="We could not load the company’s ledger right now." onRetry={() => void ledger.refetch()} />
      ) : ledger.isPending ? (
        <LoadingBlock label="Loading the ledger" />
      ) : ledger.data.length === 0 ? (
        <EmptyState message="No invoices, payments or credit notes yet: orders on account show here." />
      ) : (
        <ul className="grid gap-2" aria-label="Ledger entries, newest first">
          {[...ledger.data].reverse().map((entry, index) => (
            <li
              key={`${entry.at}-${entry.number}-${index}`}
              className="grid grid-cols-[1fr_auto] gap-x-4 rounded-xl border border-slate-200 bg-white p-3 sm:grid-cols-[8rem_1fr_8rem_8rem]"
            >
              <span className="text-sm text-slate-600">{dateFormat.format(new Date(entry.at))}</span>
              <span className="col-start-1 min-w-0 break-words text-ink sm:col-start-2 sm:row-start-1">
                {ledgerKindLabels[entry.kind]} {entry.number}
              </span>
              <span className="col-start-2 row-start-1 text-right font-semibold text-ink sm:col-start-3">{formatPrice(entry.amount)}</span>
              <span className="col-start-2 text-right text-sm text-slate-600 sm:col-start-4 sm:row-start-1">Balance {formatPrice(entry.balance)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
