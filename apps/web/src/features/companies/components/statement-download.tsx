import { formatStatementMonth, statementFileName, STATEMENT_FORMATS, type StatementFormat } from '@autoparts/shared';
import { useId, useState } from 'react';
import { DownloadLink } from '../../invoices/components/download-link';

const linkClass = {
  pdf: 'inline-flex rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
  csv: 'inline-flex rounded-lg border border-brand-700 bg-white px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
} satisfies Record<StatementFormat, string>;

/** This month, YYYY-MM (UTC, as the ledger counts days). */
const thisMonth = () => new Date().toISOString().slice(0, 7);

/**
 * A month's statement of a company (decision 081), any month up to this one: the owner's from its
 * account, an admin's from the company's money (decision 107), as a PDF or as CSV for an accounts
 * team's books (decision 223). `path` is the file's address; it is saved under the company's name
 * (`statementFileName`, as the server names it). `label` names the month for a screen reader
 * ("Download the statement for November 2026"); each link adds its format.
 */
export function StatementDownload({
  path,
  companyName,
  label,
  className = '',
}: {
  path: (month: string, format: StatementFormat) => string;
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
        STATEMENT_FORMATS.map((format) => (
          <DownloadLink
            key={format}
            className={linkClass[format]}
            href={path(month, format)}
            fileName={statementFileName(companyName, month, format)}
            label={`${label(formatStatementMonth(month))} (${format.toUpperCase()})`}
          >
            {`Download statement (${format.toUpperCase()})`}
          </DownloadLink>
        ))
      ) : (
        <p id={`${monthId}-error`} className="text-sm text-red-700">
          Choose a month up to this one.
        </p>
      )}
    </div>
  );
}
