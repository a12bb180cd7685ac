import type { ReactNode } from 'react';

/**
 * A wide table's frame: on narrow screens it scrolls sideways inside a region that the keyboard
 * can reach and scroll, named by `label`.
 */
export function TableRegion({ label, busy = false, children }: { label: string; busy?: boolean; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      aria-busy={busy || undefined}
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
    >
      {children}
    </div>
  );
}

export const headerCellClass = 'px-4 py-3';
export const theadClass = 'bg-slate-50 text-xs font-semibold uppercase tracking-wider text-slate-600';
