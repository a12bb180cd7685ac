import { documentPaths, invoiceMessages, type Order } from '@autoparts/shared';
import { DownloadLink } from './download-link';

const linkClass =
  'inline-flex min-h-6 items-center rounded text-brand-700 underline underline-offset-2 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/**
 * An order's invoice and credit notes as PDF downloads (decision 056): the invoice once paid, a
 * credit note for each refund. Links fetched with the session cookie (the server answers those who
 * may read the order) and saved; one that fails says why beside it (decision 122). Nothing is
 * shown for an order that has neither.
 */
export function OrderDocuments({ order }: { order: Pick<Order, '_id' | 'orderNumber' | 'invoiceNumber' | 'creditNotes'> }) {
  if (!order.invoiceNumber && order.creditNotes.length === 0) return null;
  return (
    <ul aria-label={`Documents of order ${order.orderNumber}`} className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm font-normal">
      {order.invoiceNumber && (
        <li>
          <DocumentLink href={documentPaths.invoice(order._id)} file={order.invoiceNumber} orderNumber={order.orderNumber}>
            {`${invoiceMessages.downloadInvoice} ${order.invoiceNumber} (PDF)`}
          </DocumentLink>
        </li>
      )}
      {order.creditNotes.map((note) => (
        <li key={note.number}>
          <DocumentLink href={documentPaths.creditNote(order._id, note.number)} file={note.number} orderNumber={order.orderNumber}>
            {`${invoiceMessages.downloadCreditNote(note.number)} (PDF)`}
          </DocumentLink>
        </li>
      ))}
    </ul>
  );
}

/** A download whose accessible name starts with its visible text and adds the order it belongs to; a failed one says why. */
export function DocumentLink({ href, file, orderNumber, children }: { href: string; file: string; orderNumber: string; children: string }) {
  return (
    <DownloadLink className={linkClass} href={href} fileName={`${file}.pdf`} label={`${children}, order ${orderNumber}`}>
      {children}
    </DownloadLink>
  );
}
