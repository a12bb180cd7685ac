import { formatDay, formatPrice, givenBackMessages, listInWords, type GivenBackPayment } from '@autoparts/shared';

/**
 * Card payments given back whole (decisions 225, 228): each invoice they were for had been paid or
 * credited meanwhile, so the ledger has nothing of them. The admins' Account of a company and the
 * Company page of its owners and accounts members list them, newest first, under the ledger; shown
 * only when there are some. `payer`: how the page names who paid, from their e-mail (the admins'
 * the e-mail itself).
 */
export function GivenBackPayments({ payments, payer = (email) => email }: { payments: readonly GivenBackPayment[]; payer?: ((email: string) => string) | undefined }) {
  if (payments.length === 0) return null;
  return (
    <div className="grid gap-3">
      <h3 className="text-lg font-bold text-ink">{givenBackMessages.listHeading}</h3>
      <p className="text-sm text-slate-600">{givenBackMessages.listNote}</p>
      <ul aria-label={`${givenBackMessages.listHeading}, newest first`} className="grid gap-2">
        {payments.map((payment) => (
          <li key={payment.paymentIntent} className="grid gap-x-4 gap-y-1 rounded-xl border border-slate-200 bg-white p-3 text-sm sm:grid-cols-[1fr_auto]">
            <span className="min-w-0 font-semibold break-words text-ink">{payment.paymentIntent}</span>
            <span className="font-semibold text-ink sm:text-right">{formatPrice(payment.amount)} given back</span>
            <span className="min-w-0 break-words text-slate-700 sm:col-span-2">
              For {listInWords(payment.invoices)} · {formatDay(payment.at)}
            </span>
            <span className="min-w-0 break-words text-slate-600 sm:col-span-2">Paid by {payment.paidBy === null ? 'an account since deleted' : payer(payment.paidBy)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
