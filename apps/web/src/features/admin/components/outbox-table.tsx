import type { OutboxMessage } from '@autoparts/shared';
import { formatDateTime } from '../../../lib/dates';
import { ActionButton } from './action-button';
import { headerCellClass, stackedTableClass, TableRegion, theadClass } from './table-region';

interface OutboxTableProps {
  messages: OutboxMessage[];
  onResend: (message: OutboxMessage) => void;
  /** The message being resent, if any: its button spins, the others wait. */
  resending: string | undefined;
}

/** The operator's unsent mail: recipient, subject, attempts, last error, and Resend for a failed one. */
export function OutboxTable({ messages, onResend, resending }: OutboxTableProps) {
  return (
    <TableRegion label="Unsent mail table">
      <table className={`${stackedTableClass} sm:min-w-[48rem]`}>
        <caption className="sr-only">Unsent mail</caption>
        <thead className={theadClass}>
          <tr>
            {['Recipient', 'Subject', 'Written', 'Attempts', 'Last error'].map((heading) => (
              <th key={heading} scope="col" className={headerCellClass}>
                {heading}
              </th>
            ))}
            <th scope="col" className={headerCellClass}>
              <span className="sr-only">Resend</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {messages.map((message) => (
            <tr key={message._id}>
              <td data-label="Recipient" className="px-4 py-3 font-medium break-all">
                {message.recipient}
              </td>
              <td data-label="Subject" className="px-4 py-3">
                {message.subject}
              </td>
              <td data-label="Written" className="px-4 py-3 whitespace-nowrap">
                {formatDateTime(message.createdAt)}
              </td>
              <td data-label="Attempts" className="px-4 py-3">
                {message.attempts}
              </td>
              <td data-label="Last error" className="px-4 py-3 text-red-700 break-words">
                {message.lastError ?? <span className="text-slate-500">None yet: on its way</span>}
              </td>
              <td className="px-4 py-3">
                {message.resentAt ? (
                  <span className="text-slate-600">Resent {formatDateTime(message.resentAt)}</span>
                ) : message.failed ? (
                  <ActionButton
                    tone="primary"
                    onClick={() => onResend(message)}
                    pending={resending === message._id}
                    disabled={resending !== undefined}
                    aria-label={`Resend to ${message.recipient}`}
                  >
                    Resend
                  </ActionButton>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
