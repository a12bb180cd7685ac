import type { ReactNode } from 'react';

/**
 * A wide table's frame, named by `label`. Below 640 px its table (class `stackedTableClass`)
 * becomes stacked cards; between that and the table's full width it scrolls sideways inside a
 * region that the keyboard can reach and scroll.
 */
export function TableRegion({ label, busy = false, children }: { label: string; busy?: boolean; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      aria-busy={busy || undefined}
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl sm:border sm:border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      {children}
    </div>
  );
}

/** The table inside a TableRegion: stacked cards on a phone (index.css), a table from 640 px. */
export const stackedTableClass = 'stacked-table w-full text-left text-sm';
export const headerCellClass = 'px-4 py-3';
export const theadClass = 'bg-slate-50 text-xs font-semibold uppercase tracking-wider text-slate-600';
