import { useEffect, useRef, type ReactNode, type Ref, type RefObject } from 'react';

/**
 * A wide table's frame, named by `label`. Below 640 px its table (class `stackedTableClass`)
 * becomes stacked cards; between that and the table's full width it scrolls sideways inside a
 * region that the keyboard can reach and scroll.
 */
export function TableRegion({ label, busy = false, children, ref }: { label: string; busy?: boolean; children: ReactNode; ref?: Ref<HTMLDivElement> }) {
  return (
    <div
      ref={ref}
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
/**
 * The actions column of a table that may be wider than its region (long names, e-mails, numbers):
 * from 640 px it keeps to the region's right edge while the rest scrolls under it, so a row's
 * actions are in sight without scrolling sideways; a line on its left marks the edge. Its header
 * cell takes `actionsHeaderClass` (the header's background).
 */
export const actionsCellClass = 'sm:sticky sm:right-0 sm:bg-white sm:shadow-[inset_1px_0_0_var(--color-slate-200)]';
export const actionsHeaderClass = 'sm:sticky sm:right-0 sm:bg-slate-50 sm:shadow-[inset_1px_0_0_var(--color-slate-200)]';

/** Which row's action just succeeded (its `data-row` key), and a count that asks again for the same row. */
export interface RowFocus {
  row: string;
  request: number;
}

/**
 * Where the keyboard goes after a row's action succeeded, when the button pressed has gone (a
 * cancelled order's Cancel, a closed Ship form, a removed user's row): the row's first action left
 * (`data-row-actions`), else its header cell (`tabIndex=-1`), else, when the row left the list,
 * the table's region. Give the answer to TableRegion's `ref`; rows carry `data-row={key}`. A
 * `region` ref given is used (the page's Pager takes the keyboard to the same region).
 */
export function useRowFocus(focus: RowFocus | undefined, given?: RefObject<HTMLDivElement | null>) {
  const own = useRef<HTMLDivElement>(null);
  const region = given ?? own;
  useEffect(() => {
    const frame = region.current;
    if (!focus || !frame) return;
    const row = [...frame.querySelectorAll<HTMLTableRowElement>('tr[data-row]')].find((candidate) => candidate.dataset.row === focus.row);
    const target = row?.querySelector<HTMLElement>('[data-row-actions] button:not(:disabled)') ?? row?.querySelector<HTMLElement>('th[tabindex]') ?? frame;
    target.focus();
  }, [focus, region]);
  return region;
}
