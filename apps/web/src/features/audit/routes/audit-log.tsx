import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE, auditMessages, readQueryWholeNumber, type AuditAction } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Pager, pagedListFocusClass } from '../../../components/pager';
import { LoadingBlock } from '../../../components/spinner';
import { useHasNextPage } from '../../../lib/next-page';
import { useSearchChanges } from '../../../lib/search-changes';
import { AdminPage } from '../../admin/components/admin-page';
import { LoadError } from '../../admin/components/load-error';
import { auditActorsQuery, auditLogQuery } from '../api/get-audit-log';
import { AuditEntries } from '../components/audit-entries';
import { AuditFilters, dateRangeProblem, type AuditFilterValues } from '../components/audit-filters';
import { EmptyState } from '../../../components/empty-state';

const day = /^\d{4}-\d{2}-\d{2}$/;

/** The filters live in the address (`?action=order.ship&q=100042&page=2`): Back and a reload keep them. */
function filtersFrom(search: URLSearchParams): AuditFilterValues & { page: number } {
  const action = search.get('action') ?? '';
  const page = readQueryWholeNumber(search.get('page'));
  const dayOf = (key: string) => (day.test(search.get(key) ?? '') ? (search.get(key) as string) : '');
  return {
    actor: (search.get('actor') ?? '').trim(),
    action: (AUDIT_ACTIONS as readonly string[]).includes(action) ? (action as AuditAction) : '',
    from: dayOf('from'),
    to: dayOf('to'),
    q: (search.get('q') ?? '').trim(),
    page: page >= 1 ? page : 1,
  };
}

function searchFrom(filters: AuditFilterValues & { page: number }): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of ['actor', 'action', 'from', 'to', 'q'] as const) if (filters[key]) search.set(key, filters[key]);
  if (filters.page > 1) search.set('page', String(filters.page));
  return search;
}

/** /dashboard/audit (admins): every admin action in words, newest first, filtered and paged by the server. */
export function Component() {
  // A filter (a date typed a part at a time too) shows its change at once, while the log follows (decision 093).
  const [search, changeSearch] = useSearchChanges();
  const filters = filtersFrom(search);
  const rangeProblem = dateRangeProblem(filters);
  const entries = useQuery({ ...auditLogQuery({ ...filters, limit: AUDIT_PAGE_SIZE }), enabled: !rangeProblem });
  const hasNext = useHasNextPage(auditLogQuery({ ...filters, limit: AUDIT_PAGE_SIZE, page: filters.page + 1 }), !rangeProblem && entries.data?.length === AUDIT_PAGE_SIZE);
  const actors = useQuery(auditActorsQuery);
  // The entries' section: a new page takes the keyboard there (Pager).
  const list = useRef<HTMLElement>(null);
  const filtered = Boolean(filters.actor || filters.action || filters.from || filters.to || filters.q);
  // How many entries match, said once the list has followed a change of the filters (decision 227):
  // not on the first load, nor on a new page, nor while the new list is asked for (the words go,
  // so that the same count after another change is said again).
  const filterKey = searchFrom({ ...filters, page: 1 }).toString();
  const [firstKey] = useState(filterKey);
  const [said, setSaid] = useState<{ key: string; text: string } | undefined>();
  // What an empty page says, on it and in the status.
  const emptyMessage = filters.page > 1 ? 'No more entries.' : filtered ? auditMessages.noMatch : auditMessages.noneYet;
  const settled = !rangeProblem && entries.data !== undefined && !entries.isPlaceholderData ? entries.data : undefined;
  if (settled && filterKey !== firstKey && said?.key !== filterKey) {
    const text = settled.length > 0 ? auditMessages.count(settled.length, filters.page === 1 && settled.length < AUDIT_PAGE_SIZE) : emptyMessage;
    setSaid({ key: filterKey, text });
  }
  const countText = said?.key === filterKey ? said.text : '';
  // A search that ran by itself while typing replaces the address's entry rather than adding one.
  const change = (next: AuditFilterValues & { page: number }, how?: 'typing' | 'submit') =>
    changeSearch(() => searchFrom(next), { replace: how === 'typing', preventScrollReset: true });

  return (
    <AdminPage title="Audit log" intro="Every admin action, newest first, in words: who did what, to which order, part or account, and when." activity={false}>
      <AuditFilters values={filters} actors={actors.data ?? []} onChange={(values, how) => change({ ...values, page: 1 }, how)} />
      <p role="status" className="sr-only">
        {countText}
      </p>
      <div className="mt-6">
        {rangeProblem ? (
          <p className="text-slate-700">Choose a “to” date on or after the “from” date to see the log.</p>
        ) : entries.isError && !entries.data ? (
          <LoadError what="the audit log" error={entries.error} onRetry={() => void entries.refetch()} />
        ) : entries.isPending ? (
          <LoadingBlock label="Loading the audit log" />
        ) : entries.data.length === 0 ? (
          <EmptyState
            message={emptyMessage}
            onFirstPage={filters.page > 1 ? () => change({ ...filters, page: 1 }) : undefined}
          />
        ) : (
          <section ref={list} tabIndex={-1} aria-labelledby="audit-entries-heading" aria-busy={entries.isPlaceholderData || undefined} className={`grid gap-4 ${pagedListFocusClass}`}>
            <h2 id="audit-entries-heading" className="sr-only">
              Audit log entries
            </h2>
            {entries.isPlaceholderData && (
              <p role="status" className="text-sm text-slate-600">
                Loading…
              </p>
            )}
            <AuditEntries entries={entries.data} className={`rounded-xl border border-slate-200 p-4 sm:p-5 ${entries.isPlaceholderData ? 'opacity-60' : ''}`} />
            <Pager
              label="Audit log pages"
              list={list}
              page={filters.page}
              hasNext={hasNext}
              loading={entries.isPlaceholderData}
              previousText="Newer"
              nextText="Older"
              onPage={(page) => change({ ...filters, page })}
            />
          </section>
        )}
      </div>
    </AdminPage>
  );
}
