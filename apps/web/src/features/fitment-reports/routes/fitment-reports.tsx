import { partPromiseMessages, paths, type FitmentReport } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { LoadingBlock } from '../../../components/spinner';
import { ActionButton } from '../../admin/components/action-button';
import { AdminPage } from '../../admin/components/admin-page';
import { LoadError } from '../../admin/components/load-error';
import { fitmentReportsQuery, useDismissReport, useRemoveFitment, vehicleName } from '../api/fitment-reports';
import { EmptyState } from '../../../components/empty-state';

const statusText: Record<FitmentReport['status'], string> = { open: 'Open', dismissed: 'Dismissed', 'fitment-removed': 'Fitment removed' };
const dateText = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * /dashboard/fitment-reports (admins): what customers who bought a part for a vehicle it is listed
 * to fit say when it did not. An admin removes that fitment row or dismisses the report.
 */
export function Component() {
  const reports = useQuery(fitmentReportsQuery());
  const dismiss = useDismissReport();
  const remove = useRemoveFitment();
  const busyId = dismiss.isPending ? dismiss.variables.id : remove.isPending ? remove.variables.id : undefined;
  // The report last decided: once the list shows it closed, its buttons have gone and the focus
  // with them (to the page's body); it goes to that report's heading, as Returns does (decision 128).
  const decided = useRef<string | null>(null);
  useEffect(() => {
    const id = decided.current;
    const report = reports.data?.reports.find((candidate) => candidate.id === id);
    if (!id || !report || report.status === 'open') return;
    decided.current = null;
    if (document.activeElement && document.activeElement !== document.body) return;
    document.getElementById(`report-${id}`)?.focus();
  }, [reports.data]);

  function decide(report: FitmentReport, how: 'dismiss' | 'remove') {
    if (how === 'remove' && !window.confirm(partPromiseMessages.confirmRemoveFitment(report.part.partNumber, vehicleName(report.vehicle)))) return;
    decided.current = report.id;
    (how === 'remove' ? remove : dismiss).mutate(report);
  }

  return (
    <AdminPage
      title="Fitment reports"
      intro="Parts returned under the fit promise because they did not fit the vehicle they are listed for. Remove the fitment if the catalogue is wrong, or dismiss the report."
    >
      {reports.isError ? (
        <LoadError what="the fitment reports" error={reports.error} onRetry={() => void reports.refetch()} />
      ) : reports.isPending ? (
        <LoadingBlock label="Loading the fitment reports" />
      ) : reports.data.reports.length === 0 ? (
        <EmptyState message="No fitment reports: every part bought under the fit promise has fitted." />
      ) : (
        <ul aria-label="Fitment reports" className="grid gap-4">
          {reports.data.reports.map((report) => {
            const open = report.status === 'open';
            const headingId = `report-${report.id}`;
            return (
              <li key={report.id} aria-labelledby={headingId} className={`rounded-xl border p-4 sm:p-5 ${open ? 'border-amber-300 bg-amber-50' : 'border-slate-200 bg-white'}`} data-testid="fitment-report">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 id={headingId} tabIndex={-1} className="text-lg font-semibold text-ink focus:outline-none">
                    <span className="font-mono">{report.part.partNumber}</span> {report.part.name}
                  </h2>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${open ? 'bg-amber-200 text-amber-950' : 'bg-slate-200 text-slate-800'}`}>{statusText[report.status]}</span>
                </div>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-800">
                  <dt className="font-medium">Vehicle</dt>
                  <dd>
                    {vehicleName(report.vehicle)}
                    {!report.fitmentListed && <span className="text-slate-600"> (no longer listed)</span>}
                  </dd>
                  <dt className="font-medium">Customer’s note</dt>
                  <dd className="break-words">{report.note || <span className="text-slate-600">None</span>}</dd>
                  <dt className="font-medium">Return</dt>
                  <dd>{report.return ? report.return.rmaNumber : <span className="text-slate-600">None</span>}</dd>
                  <dt className="font-medium">Reported</dt>
                  <dd>{dateText(report.createdAt)}</dd>
                </dl>
                <div className="mt-3 flex flex-wrap gap-3">
                  <Link to={paths.partCatalogue(report.part._id)} className="font-semibold text-brand-700 underline underline-offset-2">
                    Part catalogue
                  </Link>
                  {open && (
                    <>
                      <ActionButton onClick={() => decide(report, 'remove')} disabled={busyId !== undefined} pending={remove.isPending && busyId === report.id} className="px-3 py-1.5" aria-label={`Remove fitment: ${report.part.partNumber} on the ${vehicleName(report.vehicle)}`}>
                        Remove fitment
                      </ActionButton>
                      <ActionButton onClick={() => decide(report, 'dismiss')} disabled={busyId !== undefined} pending={dismiss.isPending && busyId === report.id} className="px-3 py-1.5" aria-label={`Dismiss the report on ${report.part.partNumber}`}>
                        Dismiss
                      </ActionButton>
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </AdminPage>
  );
}
