import { statementPath } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailed } from '../../../components/load-failed';
import { LoadingBlock } from '../../../components/spinner';
import { companyLedgerQuery } from '../api/companies';
import { LedgerEntries } from './ledger-entries';
import { StatementDownload } from './statement-download';

/**
 * The company's account for owner and accounts members (decision 081): a month's statement, and
 * its ledger (each invoice, payment and credit note with the balance after it), newest first,
 * LEDGER_SHOWN at a time (`LedgerEntries`).
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
        label={(month) => `Download the statement for ${month}`}
        className="rounded-xl border border-slate-200 bg-white p-4"
      />

      <h3 className="text-lg font-bold text-ink">Ledger</h3>
      {ledger.isError ? (
        <LoadFailed what="the company’s ledger" onRetry={() => void ledger.refetch()} />
      ) : ledger.isPending ? (
        <LoadingBlock label="Loading the ledger" />
      ) : ledger.data.length === 0 ? (
        <EmptyState message="No invoices, payments or credit notes yet: orders on account show here." />
      ) : (
        <LedgerEntries entries={ledger.data} />
      )}
    </section>
  );
}
