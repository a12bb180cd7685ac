import { statementPath, type GivenBackPayment } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailed } from '../../../components/load-failed';
import { LoadingBlock } from '../../../components/spinner';
import { companyLedgerQuery, companyMembersQuery } from '../api/companies';
import { GivenBackPayments } from './given-back-payments';
import { LedgerEntries } from './ledger-entries';
import { StatementDownload } from './statement-download';

/**
 * The company's account for owner and accounts members (decision 081): a month's statement, and
 * its ledger (each invoice, payment and credit note with the balance after it), newest first,
 * LEDGER_SHOWN at a time (`LedgerEntries`); under it the card payments given back whole (`GET
 * /api/company`'s `givenBack`, decision 228), who paid named as the members list names them.
 */
export function CompanyAccount({ companyName, givenBack = [] }: { companyName: string; givenBack?: readonly GivenBackPayment[] | undefined }) {
  const ledger = useQuery(companyLedgerQuery);
  // The members list's own query (the page reads it already): a member who left is named by the e-mail alone.
  const members = useQuery({ ...companyMembersQuery, enabled: givenBack.length > 0 });
  const payer = (email: string) => {
    const member = members.data?.find((candidate) => candidate.email === email);
    return member ? `${member.name} (${member.email})` : email;
  };

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
      <GivenBackPayments payments={givenBack} payer={payer} />
    </section>
  );
}
