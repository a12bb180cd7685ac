interface PageStepsProps {
  page: number;
  /** Whether a page follows this one (the server sent a full page). */
  hasNext: boolean;
  onPage: (page: number) => void;
  /** What is paged, for the navigation's name: "My Orders pages". */
  label: string;
  previousText?: string;
  nextText?: string;
}

const stepClass =
  'rounded-lg border border-slate-300 px-4 py-2 font-semibold text-ink hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent';

/** Previous and Next through a list the server pages without a total; nothing when one page holds it all. */
export function PageSteps({ page, hasNext, onPage, label, previousText = 'Previous', nextText = 'Next' }: PageStepsProps) {
  if (page === 1 && !hasNext) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-4">
      <button type="button" onClick={() => onPage(page - 1)} disabled={page === 1} className={stepClass}>
        {previousText}
      </button>
      <span aria-live="polite" className="text-sm text-slate-600">
        Page {page}
      </span>
      <button type="button" onClick={() => onPage(page + 1)} disabled={!hasNext} className={stepClass}>
        {nextText}
      </button>
    </nav>
  );
}
