import { documentPaths, invoiceMessages, type Order } from '@autoparts/shared';

const linkClass =
  'inline-flex min-h-6 items-center rounded text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/**
 * An order's invoice and credit notes as PDF downloads (decision 056): the invoice once paid, a
 * credit note for each refund. Plain links: the browser sends the session cookie, and the server
 * answers the order's owner and admins only. Nothing is shown for an order that has neither.
 */
export function OrderDocuments({ order }: { order: Pick<Order, '_id' | 'orderNumber' | 'invoiceNumber' | 'creditNotes'> }) {
  if (!order.invoiceNumber && order.creditNotes.length === 0) return null;
  return (
    <ul aria-label={`Documents of order ${order.orderNumber}`} className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm font-normal">
      {order.invoiceNumber && (
        <li>
          <a className={linkClass} href={documentPaths.invoice(order._id)} download={`${order.invoiceNumber}.pdf`}>
            {invoiceMessages.downloadInvoice}
            <span className="sr-only">{` ${order.invoiceNumber} of order ${order.orderNumber}`}</span> (PDF)
          </a>
        </li>
      )}
      {order.creditNotes.map((note) => (
        <li key={note.number}>
          <a className={linkClass} href={documentPaths.creditNote(order._id, note.number)} download={`${note.number}.pdf`}>
            {invoiceMessages.downloadCreditNote(note.number)}
            <span className="sr-only">{` of order ${order.orderNumber}`}</span> (PDF)
          </a>
        </li>
      ))}
    </ul>
  );
}
