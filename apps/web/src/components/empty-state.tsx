import type { ReactNode } from 'react';

const firstPageButton =
  'mt-3 rounded font-semibold text-brand-700 underline hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/**
 * What a list or a page says when it has nothing to show: one line, then what to do next if
 * anything (`children`: a link, a second line). `onFirstPage`, for a list paged past its end,
 * offers the way back to its first page.
 */
export function EmptyState({
  message,
  children,
  onFirstPage,
  className = '',
}: {
  message: ReactNode;
  children?: ReactNode;
  onFirstPage?: () => void;
  className?: string;
}) {
  return (
    <div className={`rounded-xl border border-dashed border-slate-300 p-8 text-center ${className}`}>
      <p className="text-lg text-slate-700">{message}</p>
      {children}
      {onFirstPage && (
        <button type="button" onClick={onFirstPage} className={firstPageButton}>
          Go to the first page
        </button>
      )}
    </div>
  );
}
