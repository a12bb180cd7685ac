import { formatStatementMonth, statementFileName } from '@autoparts/shared';
import { useId, useState } from 'react';
import { DownloadLink } from '../../invoices/components/download-link';

const linkClass =
  'inline-flex rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/** This month, YYYY-MM (UTC, as the ledger counts days). */
const thisMonth = () => new Date().toISOString().slice(0, 7);

/**
 * A month's statement of a company (decision 081), any month up to this one: the owner's from its
 * account, an admin's from the company's money (decision 107). `path` is the PDF's address; it is
 * saved under the company's name (`statementFileName`, as the server names it).
 */
export function StatementDownload({
  path,
  companyName,
  label,
  className = '',
}: {
  path: (month: string) => string;
  companyName: string;
  label: (month: string) => string;
  className?: string;
}) {
  const [month, setMonth] = useState(thisMonth);
  const monthId = useId();
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month) && month <= thisMonth();
  return (
    <div className={`flex flex-wrap items-end gap-3 ${className}`}>
      <div className="grid gap-1">
        <label htmlFor={monthId} className="text-sm font-semibold text-ink">
          Statement month
        </label>
        <input
          id={monthId}
          type="month"
          value={month}
          max={thisMonth()}
          onChange={(event) => setMonth(event.target.value)}
          aria-describedby={valid ? undefined : `${monthId}-error`}
          aria-invalid={!valid}
          className="rounded-lg border border-slate-300 px-3 py-2 text-ink"
        />
      </div>
      {valid ? (
        <DownloadLink className={linkClass} href={path(month)} fileName={statementFileName(companyName, month)} label={label(formatStatementMonth(month))}>
          Download statement (PDF)
        </DownloadLink>
      ) : (
        <p id={`${monthId}-error`} className="text-sm text-red-700">
          Choose a month up to this one.
        </p>
      )}
    </div>
  );
}
