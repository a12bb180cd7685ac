import { catalogueDataMessages, catalogueImportKindLabels, catalogueProblemsNotListed, formatPercent, isCatalogueWarning, type CatalogueImport } from '@autoparts/shared';
import { useId, type Ref } from 'react';
import { FileNameText } from '../../../components/file-name-text';
import { isActive, problemsCsvUrl } from '../api/catalogue-data';

export const statusText: Record<CatalogueImport['status'], string> = catalogueDataMessages.status;
export const modeText: Record<CatalogueImport['mode'], string> = { 'dry-run': 'Dry run', apply: 'Apply' };
export const countNames = ['added', 'changed', 'deleted', 'unchanged', 'rejected'] as const;

/** Whether the import's counts are of changes an apply did not make, or would not: it refused problems. */
const refusedChanges = (item: CatalogueImport) =>
  item.status === 'done' && !item.applied && item.onProblems === 'refuse' && (item.mode === 'apply' || item.counts.rejected > 0);

/** A count's name: as it did not happen when the changes were (or would be) refused. */
export const countLabel = (item: CatalogueImport, name: (typeof countNames)[number]) => (refusedChanges(item) ? catalogueDataMessages.wouldHaveBeen[name] : name);

/** What happened to the changes, in words. */
function outcome(item: CatalogueImport): string {
  const words = catalogueDataMessages.outcome;
  if (item.status === 'failed') return words.failed(item.error);
  if (item.status === 'queued') return words.queued;
  // What it is doing, which the bar counts: an ACES import writing said "Reading the file…" for minutes.
  if (item.status === 'running') return item.progress.phase === 'writing' ? words.phase.writing(item.mode) : item.progress.phase === 'checking' ? words.phase.checking : words.phase.reading;
  if (item.fatal) return words.unusable(item.mode);
  if (item.applied) return item.counts.rejected > 0 ? words.appliedWithoutRejected : item.problemCount > 0 ? words.appliedWithWarnings : words.applied;
  if (refusedChanges(item)) return item.mode === 'dry-run' ? words.wouldBeRefused(item.counts.rejected, item.counts.added + item.counts.changed + item.counts.deleted) : words.refused;
  if (item.mode === 'dry-run') return words.dryRun;
  return words.refused;
}

/** One import: its progress while it runs, then its counts and first problems. */
export function ImportReport({ item, headingRef }: { item: CatalogueImport; headingRef?: Ref<HTMLHeadingElement> }) {
  const headingId = useId();
  const { done, total, phase, bytesRead } = item.progress;
  // A file being read has no total of records yet, but its bytes have one, the file's size (decision 154).
  const byBytes = !total && (phase === 'reading' || phase === null) && bytesRead !== null && item.fileSize > 0;
  const [value, max] = byBytes ? [Math.min(bytesRead, item.fileSize), item.fileSize] : [done, total];
  const percent = max ? Math.min(100, Math.round((value / max) * 100)) : undefined;
  // Before the total is known (a file still being read), the records read so far: a big file's read takes minutes.
  const soFar =
    percent === undefined ? (done > 0 ? catalogueDataMessages.recordsRead(done) : undefined) : byBytes ? catalogueDataMessages.fileRead(formatPercent(percent), done) : formatPercent(percent);
  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-xl border border-slate-200 p-4 sm:p-6" data-testid="import-report">
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="text-xl font-bold text-ink focus:outline-none">
        {modeText[item.mode]} of <FileNameText name={item.fileName} />
      </h2>
      <p className="text-sm text-slate-700">
        {catalogueImportKindLabels[item.kind]} · {item.onProblems === 'skip' ? 'skip problems' : 'refuse on problems'} · {statusText[item.status]}
      </p>
      {isActive(item) && (
        <div>
          <label htmlFor={`${headingId}-progress`} className="block text-sm font-medium text-slate-700">
            Progress{soFar === undefined ? '' : `: ${soFar}`}
          </label>
          <progress id={`${headingId}-progress`} className="mt-1 h-3 w-full accent-brand-700" max={max ?? undefined} value={max ? value : undefined}>
            {soFar ?? 'Working'}
          </progress>
        </div>
      )}
      <div role="status">
        <p className={item.status === 'failed' ? 'font-semibold text-red-700' : 'font-semibold text-ink'}>{outcome(item)}</p>
        {/* The count, for a screen reader told of the outcome; the list below shows it. Its own element: the outcome's text stays whole. */}
        {!isActive(item) && <p className="sr-only">{` ${catalogueDataMessages.problemSummary(item.problemCount)}`}</p>}
      </div>
      {!isActive(item) && (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" aria-label="Counts">
          {countNames.map((name) => (
            <div key={name} className="rounded-lg bg-slate-50 p-3">
              <dt className="text-xs font-semibold uppercase tracking-wider text-slate-600">{countLabel(item, name)}</dt>
              <dd className="text-lg font-bold text-ink" data-testid={`count-${name}`}>
                {item.counts[name].toLocaleString('en-US')}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {item.problemCount > 0 && (
        <div className="grid gap-2">
          <h3 className="text-lg font-semibold text-ink">
            {item.problemCount.toLocaleString('en-US')} {item.problemCount === 1 ? 'problem' : 'problems'}
            {item.problemCount > item.problems.length && ` (the first ${item.problems.length.toLocaleString('en-US')} below)`}
          </h3>
          <a href={problemsCsvUrl(item.id)} download className="w-fit font-semibold text-brand-700 underline underline-offset-2">
            Download problems (CSV)
          </a>
          {/* Only the first CATALOGUE_PROBLEMS_LISTED are stored (decision 204): the CSV ends with the same words. */}
          {catalogueProblemsNotListed(item.problemCount) > 0 && <p className="text-sm text-slate-700">{catalogueDataMessages.problemsNotListed(catalogueProblemsNotListed(item.problemCount))}</p>}
          {/* Scrolled: focusable, so that a keyboard scrolls it too (axe scrollable-region-focusable). */}
          <ul aria-label="Problems" tabIndex={0} className="grid max-h-96 gap-1 overflow-y-auto text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-700">
            {item.problems.map((problem, index) => (
              // A file's name in a problem wraps inside only where the card has no room: break-words let it widen the page.
              <li key={index} className="rounded border border-amber-200 bg-amber-50 px-3 py-2 [overflow-wrap:anywhere]">
                {isCatalogueWarning(problem.code) && <span className="font-semibold">Warning · </span>}
                {/* A problem of the whole file names no record: no empty place between two dots. */}
                <span className="font-semibold">Line {problem.line}</span> · {problem.ref && <><span className="font-mono">{problem.ref}</span> · </>}
                <span className="font-mono">{problem.code}</span>: {problem.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
