import { awaitsParts, documentPaths, formatPrice, invoiceMessages, paths, returnMessages, returnReasonLabels, type AdminReturn, type ReturnRequest } from '@autoparts/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DocumentLink } from '../../invoices/components/order-documents';
import { ReturnStatus } from './return-status';

/** One return: its RMA number, order, reason, lines and, once refunded, the amount and credit note. */
export function ReturnCard({
  item,
  children,
  headingLevel = 3,
  headingId,
  sendTo,
}: {
  item: ReturnRequest | AdminReturn;
  children?: ReactNode;
  /** 2 right under a page's H1 (Manage Returns). */
  headingLevel?: 2 | 3;
  /** The heading's id, making it focusable: Manage Returns gives it the focus after an action on the card. */
  headingId?: string;
  /** The shop's returns address: given, an approved return says where to send its parts (as its e-mail does). */
  sendTo?: string | undefined;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <li className="grid gap-3 rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading id={headingId} tabIndex={headingId ? -1 : undefined} className="text-lg font-bold text-ink focus:outline-none">
          {item.rmaNumber}
        </Heading>
        <ReturnStatus status={item.status} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-slate-800">
        <dt className="font-semibold">Order</dt>
        <dd>
          <Link to={paths.order(item.orderNumber)} className="text-brand-700 underline hover:text-brand-800">
            {item.orderNumber}
          </Link>
        </dd>
        {'email' in item ? (
          <>
            <dt className="font-semibold">Customer</dt>
            <dd className="break-all">
              {item.customerName} ({item.email})
            </dd>
          </>
        ) : null}
        <dt className="font-semibold">Reason</dt>
        <dd>
          {returnReasonLabels[item.reason]}
          {item.fitPromise ? ' — covered by the fit promise' : ''}
        </dd>
        {item.note ? (
          <>
            <dt className="font-semibold">Note</dt>
            <dd className="break-words">{item.note}</dd>
          </>
        ) : null}
        {item.replacementOrderNumber ? (
          <>
            <dt className="font-semibold">Replacement</dt>
            <dd>
              <Link to={paths.order(item.replacementOrderNumber)} className="text-brand-700 underline hover:text-brand-800">
                {`Order ${item.replacementOrderNumber}`}
              </Link>
            </dd>
          </>
        ) : null}
        {item.rejectionReason ? (
          <>
            <dt className="font-semibold">Why not</dt>
            <dd className="[overflow-wrap:anywhere]">{item.rejectionReason}</dd>
          </>
        ) : null}
        {item.refundAmount !== null ? (
          <>
            {/* An order on account is credited to its company's account, not refunded to a card (decision 081). */}
            <dt className="font-semibold">{item.paymentMethod === 'account' ? 'Credited to account' : 'Refund'}</dt>
            <dd>
              {/* Nothing to give back (a free warranty replacement's parts): said so, as its e-mail does, not "$0.00". */}
              {item.refundAmount === 0 ? returnMessages.nothingToRefund : formatPrice(item.refundAmount)}
              {item.restockingFee > 0 ? ` (after a ${formatPrice(item.restockingFee)} restocking fee)` : ''}
              {item.creditNoteNumber ? `, credit note ${item.creditNoteNumber}` : ''}
            </dd>
            {item.creditNoteNumber ? (
              <dd className="col-start-2 text-sm">
                <DocumentLink href={documentPaths.creditNote(item.orderId, item.creditNoteNumber)} file={item.creditNoteNumber} orderNumber={item.orderNumber}>
                  {`${invoiceMessages.downloadCreditNote(item.creditNoteNumber)} (PDF)`}
                </DocumentLink>
              </dd>
            ) : null}
          </>
        ) : null}
      </dl>
      {awaitsParts(item.status) && sendTo ? <p className="break-words font-medium text-slate-800">{returnMessages.whatToDo(item.rmaNumber, sendTo)}</p> : null}
      <ul className="grid gap-1 text-slate-800">
        {item.lines.map((line) => (
          <li key={line.partId} className="[overflow-wrap:anywhere]">
            {line.quantity} × {line.name} ({line.partNumber}){line.action ? ` — ${line.action === 'restock' ? 'restocked' : 'scrapped'}` : ''}
          </li>
        ))}
      </ul>
      {children}
    </li>
  );
}
