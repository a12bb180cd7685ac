import type { QueueCounts } from '@autoparts/shared';
import { headerCellClass, stackedTableClass, TableRegion, theadClass } from './table-region';

const columns = [
  ['waiting', 'Waiting'],
  ['active', 'Running'],
  ['failed', 'Failed'],
  ['completed', 'Done'],
] as const;

/** The job queue's counts, one row per queue. */
export function QueueTable({ queues }: { queues: QueueCounts[] }) {
  return (
    <TableRegion label="Job queue table">
      <table className={`${stackedTableClass} sm:min-w-[32rem]`}>
        <caption className="sr-only">Job queue</caption>
        <thead className={theadClass}>
          <tr>
            <th scope="col" className={headerCellClass}>
              Queue
            </th>
            {columns.map(([, heading]) => (
              <th key={heading} scope="col" className={headerCellClass}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {queues.map((queue) => (
            <tr key={queue.queue}>
              <th scope="row" className="px-4 py-3 text-left font-medium">
                {queue.queue}
              </th>
              {columns.map(([key, heading]) => (
                <td key={key} data-label={heading} className={`px-4 py-3 tabular-nums ${key === 'failed' && queue.failed > 0 ? 'font-semibold text-red-700' : ''}`}>
                  {queue[key]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}
