import {
  adminStatementPath,
  companyPaymentInputSchema,
  formatDay,
  formatPrice,
  type AdminCompanyAccount,
  type CompanyPaymentInput,
  type OpenInvoice,
} from '@autoparts/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { EmptyState } from '../../../components/empty-state';
import { FormActions } from '../../../components/form-actions';
import { LoadingBlock } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { LoadError } from '../../admin/components/load-error';
import { adminCompanyAccountQuery, useRecordPayment } from '../api/companies';
import { GivenBackPayments } from './given-back-payments';
import { LedgerEntryRow, LedgerList } from './ledger-entries';
import { StatementDownload } from './statement-download';
import { checkedWhenSent } from '../../../lib/form-checking';


/** Today as the ledger counts days (UTC). */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * A company's money on the admins' Companies screen (decision 107): balance, limit, available
 * credit and the overdue sum; a payment received (a bank transfer, a cheque) recorded; the open
 * invoices, the newest ledger entries, any card payments given back whole and the monthly statements.
 */
export function CompanyMoney({ company }: { company: { id: string; name: string } }) {
  const account = useQuery(adminCompanyAccountQuery(company.id));
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid min-w-0 gap-6 rounded-xl border border-slate-200 p-4 sm:p-6">
      <h2 id={headingId} className="min-w-0 text-xl font-bold break-words text-ink">
        Account of “{company.name}”
      </h2>
      {account.isError ? (
        <LoadError what="the company’s account" error={account.error} onRetry={() => void account.refetch()} />
      ) : account.isPending ? (
        <LoadingBlock label="Loading the company’s account" />
      ) : (
        <>
          <Figures account={account.data} />
          <RecordPayment company={company} />
          <OpenInvoices invoices={account.data.invoices} />
          <RecentEntries account={account.data} />
          <GivenBackPayments payments={account.data.givenBack} />
        </>
      )}
      <Statements company={company} />
    </section>
  );
}

function Figures({ account }: { account: AdminCompanyAccount }) {
  const overdue = account.overdue > 0;
  return (
    <dl aria-label="Account figures" className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-live="polite">
      <Figure label="Balance" value={formatPrice(account.balance)} hint={account.balance < 0 ? 'In credit' : undefined} />
      <Figure label="Credit limit" value={account.creditLimit === null ? 'None' : formatPrice(account.creditLimit)} />
      <Figure label="Available credit" value={account.available === null ? 'No limit' : formatPrice(account.available)} />
      <Figure label="Overdue" value={formatPrice(account.overdue)} alert={overdue} />
    </dl>
  );
}

function Figure({ label, value, hint, alert = false }: { label: string; value: string; hint?: string | undefined; alert?: boolean }) {
  return (
    <div className={`min-w-0 rounded-lg border p-3 ${alert ? 'border-red-300 bg-red-50' : 'border-slate-200 bg-white'}`}>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className={`text-lg font-bold break-words ${alert ? 'text-red-800' : 'text-ink'}`}>{value}</dd>
      {hint && <dd className="text-sm text-slate-600">{hint}</dd>}
    </div>
  );
}

/** The form holds text, as typed; the shared schema reads the amount (thousands separators too). */
interface PaymentValues {
  amount: string;
  reference: string;
  receivedAt: string;
}

/**
 * "Record payment": amount, reference, day received. A second click while it is sent is ignored
 * (the submit button is pending), and the server enters one payment per reference: the same
 * reference again answers the payment already recorded (`created: false`), which the toast says.
 */
function RecordPayment({ company }: { company: { id: string; name: string } }) {
  const headingId = useId();
  const record = useRecordPayment(company.id);
  const empty = (): PaymentValues => ({ amount: '', reference: '', receivedAt: today() });
  const form = useForm<PaymentValues, unknown, CompanyPaymentInput>({
    resolver: zodResolver(companyPaymentInputSchema) as never,
    ...checkedWhenSent,
    defaultValues: empty(),
  });
  const {
    register,
    formState: { errors },
  } = form;
  async function save(input: CompanyPaymentInput) {
    try {
      await record.mutateAsync({ ...input, invoiceNumbers: [] });
      // Focus first, as the collections' forms do (a focus asked for just after a reset is lost).
      form.setFocus('amount');
      form.reset(empty());
    } catch {
      // The toast says why; the values stay to be corrected.
    }
  }
  const onSubmit = (event: FormEvent) => form.handleSubmit(save)(event);

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby={headingId} className="grid gap-4 sm:grid-cols-3">
      <div className="sm:col-span-3">
        <h3 id={headingId} className="text-lg font-bold text-ink">
          Record payment
        </h3>
        <p className="text-sm text-slate-600">A bank transfer or cheque received: it settles the oldest open invoices first; what is left is a credit.</p>
      </div>
      <TextField label="Amount ($)" inputMode="decimal" autoComplete="off" error={errors.amount?.message} {...register('amount')} />
      <TextField label="Reference" autoComplete="off" hint="The bank’s or the cheque’s." error={errors.reference?.message} {...register('reference')} />
      <TextField label="Date received" type="date" max={today()} error={errors.receivedAt?.message} {...register('receivedAt')} />
      <FormActions pending={record.isPending} className="sm:col-span-3">
        Record payment
      </FormActions>
    </form>
  );
}

function OpenInvoices({ invoices }: { invoices: OpenInvoice[] }) {
  return (
    <div className="grid gap-3">
      <h3 className="text-lg font-bold text-ink">Open invoices</h3>
      {invoices.length === 0 ? (
        <EmptyState message="No open invoices: everything invoiced is paid." />
      ) : (
        <ul aria-label="Open invoices, due soonest first" className="grid gap-2">
          {invoices.map((invoice) => (
            <li key={invoice.number} className={`grid gap-x-4 gap-y-1 rounded-xl border bg-white p-3 text-sm sm:grid-cols-[1fr_auto] ${invoice.overdue ? 'border-red-300' : 'border-slate-200'}`}>
              <span className="min-w-0 font-semibold break-words text-ink">
                {invoice.number} <span className="font-normal text-slate-600">· order {invoice.orderNumber}</span>
              </span>
              <span className="font-semibold text-ink sm:text-right">{formatPrice(invoice.open)} open</span>
              <span className="text-slate-700">
                Issued {formatDay(invoice.issuedAt)} · due {formatDay(invoice.dueOn)}
                {invoice.overdue && <span className="ml-2 rounded bg-red-100 px-2 py-0.5 text-xs font-bold text-red-800">Overdue</span>}
              </span>
              <span className="text-slate-600 sm:text-right">of {formatPrice(invoice.total)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function RecentEntries({ account }: { account: AdminCompanyAccount }) {
  const { recent, entries } = account;
  return (
    <div className="grid gap-3">
      <h3 className="text-lg font-bold text-ink">Ledger</h3>
      {recent.length === 0 ? (
        <EmptyState message="No invoices, payments or credit notes yet: orders on account show here." />
      ) : (
        <>
          {entries > recent.length && (
            <p className="text-sm text-slate-600">
              The newest {recent.length} of {entries} entries; the statements have them all.
            </p>
          )}
          <LedgerList>
            {recent.map((entry, index) => (
              <LedgerEntryRow key={`${entry.at}-${entry.number}-${index}`} entry={entry} />
            ))}
          </LedgerList>
        </>
      )}
    </div>
  );
}

/** A month's statement of the company, as its owner downloads it (any month up to this one). */
function Statements({ company }: { company: { id: string; name: string } }) {
  return (
    <div className="grid gap-3">
      <h3 className="text-lg font-bold text-ink">Statements</h3>
      <StatementDownload path={(month, format) => adminStatementPath(company.id, month, format)} companyName={company.name} label={(month) => `Download the statement of ${company.name} for ${month}`} />
    </div>
  );
}
