import { catalogueDataMessages, catalogueImportKindLabels, type CatalogueImport } from '@autoparts/shared';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { EmailText } from '../../../components/email-text';
import { FileNameText } from '../../../components/file-name-text';
import { ActionButton } from '../../admin/components/action-button';
import { headerCellClass, stackedTableClass, TableRegion, theadClass } from '../../admin/components/table-region';
import { countLabel, countNames, modeText, statusText } from './import-report';

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The history's older imports: whether there are more to show, whether they are on their way, and what asks for them. */
export interface OlderImports {
  more: boolean;
  pending: boolean;
  onMore: () => void;
  /** What went wrong loading them (a retry), or nothing. */
  failure?: ReactNode;
}

/**
 * The latest imports, newest first: kind, mode, status, who, when, counts and problems; one is
 * shown in full. "Show older imports" adds the next page under them, takes the focus to the first
 * import it added (or, when it added none, to the words saying so) and says how many it added.
 */
export function ImportHistory({ items, shown, onShow, older }: { items: CatalogueImport[]; shown: string | undefined; onShow: (id: string) => void; older: OlderImports }) {
  const table = useRef<HTMLDivElement>(null);
  const said = useRef<HTMLParagraphElement>(null);
  /** How many rows there were when older ones were asked for, until they come. */
  const askedAt = useRef<number | undefined>(undefined);
  const [status, setStatus] = useState('');
  useEffect(() => {
    const from = askedAt.current;
    if (from === undefined || older.pending) return;
    askedAt.current = undefined;
    const added = Math.max(items.length - from, 0);
    setStatus(`${catalogueDataMessages.olderShown(added)}${older.more ? '' : ` ${catalogueDataMessages.noOlder}`}`);
    const row = table.current?.querySelectorAll<HTMLElement>('[data-testid="import-row"]')[from];
    (added > 0 ? row?.querySelector<HTMLButtonElement>('button') : said.current)?.focus();
  }, [items.length, older.pending, older.more]);

  return (
    <div className="grid gap-2" ref={table}>
      <p className="text-sm text-slate-700">{catalogueDataMessages.historyNote}</p>
      <TableRegion label="Import history">
        <table className={stackedTableClass}>
          <thead className={theadClass}>
            <tr>
              <th scope="col" className={headerCellClass}>File</th>
              <th scope="col" className={headerCellClass}>Kind</th>
              <th scope="col" className={headerCellClass}>Mode</th>
              <th scope="col" className={headerCellClass}>Status</th>
              <th scope="col" className={headerCellClass}>By</th>
              <th scope="col" className={headerCellClass}>When</th>
              <th scope="col" className={headerCellClass}>Counts</th>
              <th scope="col" className={headerCellClass}>Problems</th>
              <th scope="col" className={headerCellClass}><span className="sr-only">Report</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {items.map((item) => (
              <tr key={item.id} data-testid="import-row">
                <td data-label="File" className="min-w-40 px-4 py-3 font-medium">
                  <FileNameText name={item.fileName} />
                </td>
                <td data-label="Kind" className="px-4 py-3">{catalogueImportKindLabels[item.kind]}</td>
                <td data-label="Mode" className="px-4 py-3">{modeText[item.mode]}</td>
                <td data-label="Status" className="px-4 py-3">
                  {statusText[item.status]}
                  {item.status === 'done' && !item.applied && item.mode === 'apply' && ' (refused)'}
                </td>
                <td data-label="By" className="px-4 py-3">
                  <EmailText email={item.by} />
                </td>
                <td data-label="When" className="px-4 py-3">{when(item.createdAt)}</td>
                <td data-label="Counts" className="px-4 py-3">
                  {countNames.filter((name) => item.counts[name] > 0).map((name) => `${item.counts[name].toLocaleString('en-US')} ${countLabel(item, name)}`).join(', ') || '—'}
                </td>
                <td data-label="Problems" className="px-4 py-3" data-testid="import-problems">{item.problemCount.toLocaleString('en-US')}</td>
                <td className="px-4 py-3">
                  {/* Never disabled, also when its report is shown: it takes the focus to the report. */}
                  {/* Named from the words it shows (WCAG 2.5.3: a voice command says what it sees), then which import. */}
                  <ActionButton
                    onClick={() => onShow(item.id)}
                    aria-label={`${shown === item.id ? 'Shown: the report' : 'Show report'} of ${item.fileName}, ${when(item.createdAt)}`}
                  >
                    {shown === item.id ? 'Shown' : 'Show report'}
                  </ActionButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      {older.failure}
      {older.more && (
        <div>
          <ActionButton
            pending={older.pending}
            onClick={() => {
              askedAt.current = items.length;
              older.onMore();
            }}
          >
            {catalogueDataMessages.showOlder}
          </ActionButton>
        </div>
      )}
      <p ref={said} tabIndex={-1} role="status" className="text-sm text-slate-700 focus:outline-none empty:hidden">
        {status}
      </p>
    </div>
  );
}
