import { useRef } from 'react';
import { ActionButton } from './action-button';

interface PaginationProps {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** What is paged, for the navigation's name: "Orders pages". */
  label: string;
}

/** Previous and Next with 'Page X of Y'; each is disabled at its end. */
export function Pagination({ page, totalPages, onPage, label }: PaginationProps) {
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);

  function go(to: number) {
    // The pressed button is about to be disabled at an end: keep the keyboard on the other one.
    if (to <= 1) next.current?.focus();
    else if (to >= totalPages) previous.current?.focus();
    onPage(to);
  }

  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      <ActionButton ref={previous} onClick={() => go(page - 1)} disabled={page <= 1}>
        Previous
      </ActionButton>
      <p aria-live="polite" className="text-sm text-slate-600">
        Page {page} of {totalPages}
      </p>
      <ActionButton ref={next} onClick={() => go(page + 1)} disabled={page >= totalPages}>
        Next
      </ActionButton>
    </nav>
  );
}
