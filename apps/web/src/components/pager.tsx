import type { MouseEvent, RefObject } from 'react';
import { oneClickOfADouble } from '../lib/double-click';

type PagerProps = {
  page: number;
  onPage: (page: number) => void;
  /** What is paged, for the navigation's name: "Orders pages". */
  label: string;
  /**
   * The paged list's top: its region, its heading or the list itself, named, and focusable
   * (`tabIndex`, `pagedListFocusClass` for its outline). After a page change the keyboard goes there.
   */
  list: RefObject<HTMLElement | null>;
  previousText?: string;
  nextText?: string;
  /** The page asked for is loading (the previous page still shown): said, and the steps count from the page asked for. */
  loading?: boolean;
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

/** The outline a paged list's top shows when a page change gives it the keyboard (a `tabIndex={-1}` element has none of its own). */
export const pagedListFocusClass = 'focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-700';

/**
 * Previous and Next through a list the server pages, each disabled at its end. Without a total,
 * nothing shows when one page holds the whole list. It has no margin of its own: the list it pages
 * spaces its children (`grid gap-4`).
 *
 * A page change takes the keyboard to the list's top (`list`), as a new page of results is read
 * from its start: left on the pager at the foot of the page, the next Tab went on to what follows
 * the list, and Shift+Tab up through the new rows from their end. The list's top is scrolled into
 * view if it was above it (the admin lists keep their scroll on a page change, decision 093);
 * "Page X of Y" is said as it changes, "Loading page X of Y…" while the previous page is still
 * shown (`loading`). The steps count from the page asked for, and a double click is one step
 * (decision 200).
 */
export function Pager({ page, onPage, label, list, previousText = 'Previous', nextText = 'Next', loading = false, ...size }: PagerProps) {
  const hasNext = size.totalPages === undefined ? size.hasNext : page < size.totalPages;
  if (size.totalPages === undefined && page === 1 && !hasNext) return null;
  const where = size.totalPages === undefined ? String(page) : `${page} of ${size.totalPages}`;

  function go(to: number, event: MouseEvent) {
    oneClickOfADouble(event);
    onPage(to);
    const top = list.current;
    if (!top) return;
    top.focus({ preventScroll: true });
    // Shown below the sticky header: `scrollIntoView` keeps the element's scroll margin (8rem in <main>) clear above it.
    if (top.getBoundingClientRect().top < parseFloat(getComputedStyle(top).scrollMarginTop)) top.scrollIntoView({ block: 'start' });
  }

  return (
    <nav aria-label={label} className="flex items-center justify-between gap-4">
      <button type="button" onClick={(event) => go(page - 1, event)} disabled={page <= 1} className={stepClass}>
        {previousText}
      </button>
      <span aria-live="polite" className="text-sm text-slate-600">
        {loading ? `Loading page ${where}…` : `Page ${where}`}
      </span>
      <button type="button" onClick={(event) => go(page + 1, event)} disabled={!hasNext} className={stepClass}>
        {nextText}
      </button>
    </nav>
  );
}
