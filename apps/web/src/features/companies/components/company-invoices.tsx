import { formatDay, formatPrice, paymentMessages, sumDollars, type OpenInvoice } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailed } from '../../../components/load-failed';
import { LoadingBlock, Spinner } from '../../../components/spinner';
import { primaryButtonClass } from '../../../components/submit-button';
import { customerMessage } from '../../../lib/api-client';
import { useClientConfig } from '../../../lib/config';
import { useOneAtATime } from '../../../lib/form-checking';
import { TestCardForm } from '../../payments/components/test-card-form';
import { companyInvoicesQuery, usePayInvoicesByTestCard, useStartInvoicesCheckout } from '../api/companies';


/**
 * The company's open invoices for owner and accounts members (decision 086): each with its due
 * date and what it still owes, overdue ones marked; the member chooses some and pays them by card
 * (the test card form, or Stripe's page). The amount shown is the sum of what the server listed;
 * the server charges its own reckoning.
 */
export function CompanyInvoices() {
  const invoices = useQuery(companyInvoicesQuery);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [searchParams] = useSearchParams();
  const back = searchParams.get('checkout');
  // Paid, the form and the invoices chosen go: the focus goes to the list's heading, not to the page's top.
  const heading = useRef<HTMLHeadingElement>(null);

  const open = invoices.data ?? [];
  const picked = open.filter((invoice) => chosen.has(invoice.number));
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
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          Thank you: your card payment is taken. The invoices show as paid once Stripe has confirmed it.
        </p>
      )}
      {back === 'cancelled' && (
        <p role="status" className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Payment was cancelled; you can try again.
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
              <InvoiceRow key={invoice.number} invoice={invoice} checked={chosen.has(invoice.number)} onChange={(on) => toggle(invoice.number, on)} />
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

function InvoiceRow({ invoice, checked, onChange }: { invoice: OpenInvoice; checked: boolean; onChange: (on: boolean) => void }) {
  const id = `invoice-${invoice.number}`;
  return (
    <div className={`flex items-start gap-3 rounded-xl border bg-white p-3 ${invoice.overdue ? 'border-red-300' : 'border-slate-200'}`}>
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} className="mt-1 size-5 shrink-0 accent-brand-700" />
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
      <button type="button" onClick={() => void startCheckout()} disabled={leaving} aria-busy={leaving} className={primaryButtonClass}>
        {leaving && <Spinner />}
        Pay {formatPrice(total)} with Stripe
      </button>
    </div>
  );
}
