import { accountMessages, formatDay, formatPrice, paymentMessages, sumDollars, type OpenInvoice } from '@autoparts/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailed } from '../../../components/load-failed';
import { LoadingBlock, Spinner } from '../../../components/spinner';
import { primaryButtonClass } from '../../../components/submit-button';
import { customerMessage } from '../../../lib/api-client';
import { useClientConfig } from '../../../lib/config';
import { useOneAtATime } from '../../../lib/form-checking';
import { TestCardForm } from '../../payments/components/test-card-form';
import { queryKeys } from '../../../lib/query-keys';
import { companyInvoicesQuery, usePayInvoicesByTestCard, useStartInvoicesCheckout } from '../api/companies';

/**
 * Back from Stripe's page (`?checkout=success&invoices=…`), the list is asked again every 2 s
 * until the invoices paid there have left it (the webhook has entered the payment), for at most a
 * minute (decision 219).
 */
const RECORDING_POLL_MS = 2_000;
const RECORDING_WAIT_MS = 60_000;

/**
 * The company's open invoices for owner and accounts members (decision 086): each with its due
 * date and what it still owes, overdue ones marked; the member chooses some and pays them by card
 * (the test card form, or Stripe's page). The amount shown is the sum of what the server listed;
 * the server charges its own reckoning.
 */
export function CompanyInvoices() {
  const [searchParams] = useSearchParams();
  const back = searchParams.get('checkout');
  // The invoices paid on Stripe's page, named by its return address: none after any other return.
  const [paying] = useState(() => new Set(back === 'success' ? (searchParams.get('invoices')?.split(',') ?? []) : []));
  const [returnedAt, setReturnedAt] = useState(() => Date.now());
  const stillListed = (open: readonly OpenInvoice[] | undefined) => (open ?? []).filter((invoice) => paying.has(invoice.number));
  const invoices = useQuery({
    ...companyInvoicesQuery,
    refetchInterval: (query) =>
      stillListed(query.state.data).length > 0 && query.state.dataUpdatedAt - returnedAt < RECORDING_WAIT_MS ? RECORDING_POLL_MS : false,
  });
  const recording = stillListed(invoices.data);
  const waitedOut = recording.length > 0 && invoices.dataUpdatedAt - returnedAt >= RECORDING_WAIT_MS;
  // Once the payment is entered, the balance and the ledger above and below are read again too.
  const queryClient = useQueryClient();
  const [sawRecording, setSawRecording] = useState(false);
  if (recording.length > 0 && !sawRecording) setSawRecording(true);
  const recorded = sawRecording && invoices.isSuccess && recording.length === 0;
  useEffect(() => {
    if (recorded) void queryClient.invalidateQueries({ queryKey: queryKeys.company });
  }, [recorded, queryClient]);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  // Paid, the form and the invoices chosen go: the focus goes to the list's heading, not to the page's top.
  const heading = useRef<HTMLHeadingElement>(null);

  const open = invoices.data ?? [];
  const picked = open.filter((invoice) => chosen.has(invoice.number) && !recording.includes(invoice));
  const total = sumDollars(picked.map((invoice) => invoice.open));
  const toggle = (number: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(number);
      else next.delete(number);
      return next;
    });

  return (
    <section aria-labelledby="company-invoices-heading" className="grid gap-4">
      <h2 id="company-invoices-heading" ref={heading} tabIndex={-1} className="text-xl font-bold text-ink outline-none">
        Open invoices
      </h2>
      {back === 'success' && (
        <div role="status" className="grid gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          <p>{accountMessages.stripeReturned}</p>
          {recording.length > 0 &&
            (waitedOut ? (
              <div className="grid justify-items-start gap-2">
                <p>{accountMessages.notConfirmedYet(numbersOf(recording))}</p>
                <button
                  type="button"
                  onClick={() => setReturnedAt(Date.now())}
                  className="rounded-lg bg-emerald-800 px-3 py-1.5 font-semibold text-white hover:bg-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800"
                >
                  {accountMessages.checkAgain}
                </button>
              </div>
            ) : (
              <p className="flex items-center gap-2">
                <Spinner className="size-4" />
                {accountMessages.recordingPayment(numbersOf(recording))}
              </p>
            ))}
        </div>
      )}
      {back === 'cancelled' && (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {paymentMessages.stripeCancelled}
        </p>
      )}
      {invoices.isError ? (
        <LoadFailed what="the open invoices" onRetry={() => void invoices.refetch()} />
      ) : invoices.isPending ? (
        <LoadingBlock label="Loading the open invoices" />
      ) : open.length === 0 ? (
        <EmptyState message="No open invoices: everything invoiced is paid." />
      ) : (
        <>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm text-slate-700">Choose the invoices to pay by card.</legend>
            {open.map((invoice) => (
              <InvoiceRow
                key={invoice.number}
                invoice={invoice}
                // Not chosen again while the payment of it is being recorded: it would be paid twice.
                recording={recording.includes(invoice)}
                checked={chosen.has(invoice.number) && !recording.includes(invoice)}
                onChange={(on) => toggle(invoice.number, on)}
              />
            ))}
          </fieldset>
          <p className="font-semibold text-ink" aria-live="polite">
            {picked.length === 0
              ? 'No invoice chosen yet.'
              : `${picked.length === 1 ? '1 invoice' : `${picked.length} invoices`} chosen: ${formatPrice(total)}`}
          </p>
          {picked.length > 0 && (
            // As wide as the payment page's card form, not the whole page's width.
            <div className="max-w-xl">
              <PayInvoices invoiceNumbers={picked.map((invoice) => invoice.number)} total={total} onPaid={() => {
                  setChosen(new Set());
                  heading.current?.focus();
                }}
              />
            </div>
          )}
        </>
      )}
    </section>
  );
}

function InvoiceRow({ invoice, checked, recording, onChange }: { invoice: OpenInvoice; checked: boolean; recording: boolean; onChange: (on: boolean) => void }) {
  const id = `invoice-${invoice.number}`;
  return (
    <div className={`flex items-start gap-3 rounded-xl border bg-white p-3 ${invoice.overdue ? 'border-red-300' : 'border-slate-200'}`}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={recording}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-1 size-5 shrink-0 accent-brand-700 disabled:opacity-50"
      />
      <label htmlFor={id} className="grid min-w-0 flex-1 gap-x-4 gap-y-1 sm:grid-cols-[1fr_auto]">
        <span className="min-w-0 font-semibold break-words text-ink">
          {invoice.number} <span className="font-normal text-slate-600">· order {invoice.orderNumber}</span>
        </span>
        <span className="font-semibold text-ink sm:text-right">{formatPrice(invoice.open)} open</span>
        <span className="text-sm text-slate-700">
          Due {formatDay(invoice.dueOn)}
          {invoice.overdue && <span className="ml-2 rounded bg-red-100 px-2 py-0.5 text-xs font-bold text-red-800">Overdue</span>}
        </span>
        {invoice.open !== invoice.total && <span className="text-sm text-slate-600 sm:text-right">of {formatPrice(invoice.total)}</span>}
        {recording && <span className="text-sm font-semibold text-emerald-800">{accountMessages.beingRecorded}</span>}
      </label>
    </div>
  );
}

/** The way to pay the chosen invoices: the test card form in test mode, else Stripe's page. */
function PayInvoices({ invoiceNumbers, total, onPaid }: { invoiceNumbers: string[]; total: number; onPaid: () => void }) {
  const config = useClientConfig();
  const payByTestCard = usePayInvoicesByTestCard();
  const checkout = useStartInvoicesCheckout();
  const leaving = checkout.isPending || checkout.isSuccess;
  // A double click's second press comes before the button is drawn busy: it is ignored, not sent
  // (decision 207). A refusal shows as `checkout.error`.
  const startCheckout = useOneAtATime(() => checkout.mutateAsync(invoiceNumbers).catch(() => undefined));

  if (config.isPending) return <LoadingBlock label="Loading the payment options" />;
  if (config.isError) return <LoadFailed what="the payment options" onRetry={() => void config.refetch()} />;
  if (config.data.payments === 'test') {
    return (
      <TestCardForm
        amount={total}
        pay={async (card) => {
          await payByTestCard.mutateAsync({ invoiceNumbers, ...card });
          onPaid();
        }}
      />
    );
  }
  return (
    <div className="grid justify-items-start gap-3">
      {checkout.isError && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-700">
          {customerMessage(checkout.error) ?? paymentMessages.stripeUnavailable}
        </p>
      )}
      {/* Busy, not disabled, while Stripe is asked: Chromium drops the focus of a button that becomes disabled, and a refusal then left the keyboard at the page's top. */}
      <button
        type="button"
        onClick={() => {
          if (!leaving) void startCheckout();
        }}
        aria-disabled={leaving || undefined}
        aria-busy={leaving}
        className={primaryButtonClass}
      >
        {leaving && <Spinner />}
        Pay {formatPrice(total)} with Stripe
      </button>
    </div>
  );
}

const numbersOf = (invoices: readonly OpenInvoice[]) => invoices.map((invoice) => invoice.number);
