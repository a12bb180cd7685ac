import { useLayoutEffect, useRef } from 'react';

type PagerProps = {
  page: number;
  onPage: (page: number) => void;
  /** What is paged, for the navigation's name: "Orders pages". */
  label: string;
  previousText?: string;
  nextText?: string;
} & (
  | {
      /** A list whose size the server tells: "Page X of Y", shown even when Y is 1. */
      totalPages: number;
      hasNext?: never;
    }
  | {
      /** A list the server pages without a total: a page follows (`useHasNextPage`: the next one, asked for, is not empty). */
      hasNext: boolean;
      totalPages?: never;
    }
);

const stepClass =
  'rounded-lg border border-slate-300 px-4 py-2 font-semibold text-ink hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent';

/**
 * Previous and Next through a list the server pages, each disabled at its end. Without a total,
 * nothing shows when one page holds the whole list. When the pressed button is about to be
 * disabled at an end, the keyboard moves to the other one. It has no margin of its own: the list
 * it pages spaces its children (`grid gap-4`).
 */
export function Pager({ page, onPage, label, previousText = 'Previous', nextText = 'Next', ...size }: PagerProps) {
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const hasNext = size.totalPages === undefined ? size.hasNext : page < size.totalPages;
  // A step found to be the end after it was pressed (without a total, the page after it came back
  // empty) is disabled under the keyboard: before the browser drops the focus, it goes to the other.
  useLayoutEffect(() => {
    if (!hasNext && next.current !== null && document.activeElement === next.current) previous.current?.focus();
  }, [hasNext]);
  if (size.totalPages === undefined && page === 1 && !hasNext) return null;

  function go(to: number) {
    if (to <= 1) next.current?.focus();
    else if (size.totalPages !== undefined && to >= size.totalPages) previous.current?.focus();
    onPage(to);
  }

  return (
    <nav aria-label={label} className="flex items-center justify-between gap-4">
      <button ref={previous} type="button" onClick={() => go(page - 1)} disabled={page <= 1} className={stepClass}>
        {previousText}
      </button>
      <span aria-live="polite" className="text-sm text-slate-600">
        {size.totalPages === undefined ? `Page ${page}` : `Page ${page} of ${size.totalPages}`}
      </span>
      <button ref={next} type="button" onClick={() => go(page + 1)} disabled={!hasNext} className={stepClass}>
        {nextText}
      </button>
    </nav>
  );
}
