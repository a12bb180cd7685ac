import { paths, readQueryWholeNumber } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { useRef, type FormEvent } from 'react';
import { Link } from 'react-router';
import { LoadingBlock } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { useSearchChanges } from '../../../lib/search-changes';
import { adminPartsQuery, type PartFilters } from '../api/get-admin-parts';
import { ActionButton } from '../components/action-button';
import { AdminPage } from '../components/admin-page';
import { LoadError } from '../components/load-error';
import { Pager } from '../../../components/pager';
import { PartRow } from '../components/part-row';
import { headerCellClass, stackedTableClass, TableRegion, theadClass } from '../components/table-region';
import { EmptyState } from '../../../components/empty-state';

/** The search lives in the address (`?q=belt&page=2`): Back and a reload keep it. */
function filtersFrom(search: URLSearchParams): PartFilters {
  const page = readQueryWholeNumber(search.get('page'));
  return { q: (search.get('q') ?? '').trim(), page: page >= 1 ? page : 1 };
}

/**
 * /dashboard/manageproducts (SPEC §2, admins): every part, archived ones too, in a table searched
 * and paged by the server — stock and price changed in place, Edit for the rest, Restock, Archive
 * or Restore. Customer reviews are moderated on a screen of their own (manage-reviews.tsx).
 */
export function Component() {
  const [search, changeSearch] = useSearchChanges();
  const filters = filtersFrom(search);
  const parts = useQuery(adminPartsQuery(filters));
  // The table's region: a new page takes the keyboard there (Pager).
  const table = useRef<HTMLDivElement>(null);

  function go({ q, page }: PartFilters) {
    const next = new URLSearchParams();
    if (q) next.set('q', q);
    if (page > 1) next.set('page', String(page));
    changeSearch(() => next, { preventScrollReset: true });
  }

  function submitSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    go({ q: String(new FormData(event.currentTarget).get('q') ?? '').trim(), page: 1 });
  }

  return (
    <AdminPage title="Manage Products" intro="Change stock and prices in place, edit a product, add to its stock, or archive it to take it out of the shop.">
      <section aria-labelledby="products-heading">
        <h2 id="products-heading" className="text-xl font-bold text-ink">
          Products
        </h2>
        {/* Keyed by the search: Back or a link to another search shows that search in the field. */}
        <form key={filters.q} role="search" aria-label="Products" onSubmit={submitSearch} className="mt-4 flex max-w-xl items-end gap-2">
          <TextField
            label="Search products"
            type="search"
            className="flex-1"
            name="q"
            placeholder="Name, part number or OEM number"
            defaultValue={filters.q}
          />
          <ActionButton type="submit" tone="primary" className="mb-px px-4 py-2.5">
            Search
          </ActionButton>
        </form>
        <div className="mt-4">
          {parts.isError && !parts.data ? (
            <LoadError what="the products" error={parts.error} onRetry={() => void parts.refetch()} />
          ) : parts.isPending ? (
            <LoadingBlock label="Loading the products" />
          ) : parts.data.parts.length === 0 ? (
            <EmptyState message={filters.q ? `No products match “${filters.q}”.` : 'No products yet'}>
              {!filters.q && (
                <Link
                  to={paths.addProduct}
                  className="mt-4 inline-flex rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
                >
                  Add a Product
                </Link>
              )}
            </EmptyState>
          ) : (
            <div className="grid gap-4">
              <p className="text-sm text-slate-600">
                {parts.data.total === 1 ? '1 product' : `${parts.data.total} products`}
                {parts.isPlaceholderData && <span role="status"> · Loading…</span>}
              </p>
              <TableRegion ref={table} label="Products table" busy={parts.isPlaceholderData}>
                <table className={`${stackedTableClass} sm:min-w-[52rem] ${parts.isPlaceholderData ? 'opacity-60' : ''}`}>
                  <caption className="sr-only">Products</caption>
                  <thead className={theadClass}>
                    <tr>
                      <th scope="col" className={headerCellClass}>
                        <span className="sr-only">Photo</span>
                      </th>
                      <th scope="col" className={headerCellClass}>
                        Product
                      </th>
                      <th scope="col" className={headerCellClass}>
                        Part no.
                      </th>
                      <th scope="col" className={headerCellClass}>
                        Stock
                      </th>
                      <th scope="col" className={headerCellClass}>
                        Price ($)
                      </th>
                      <th scope="col" className={headerCellClass}>
                        Minimum
                      </th>
                      <th scope="col" className={headerCellClass}>
                        <span className="sr-only">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-200">
                    {parts.data.parts.map((part) => (
                      // By the part only: its row takes a new stock or price from the server itself, and
                      // keeps its open editor and what the admin typed (a 409 remounted it, losing both).
                      <PartRow key={part._id} part={part} />
                    ))}
                  </tbody>
                </table>
              </TableRegion>
              <Pager
                label="Products pages"
                list={table}
                page={filters.page}
                loading={parts.isPlaceholderData}
                totalPages={Math.max(1, Math.ceil(parts.data.total / parts.data.pageSize))}
                onPage={(page) => go({ ...filters, page })}
              />
            </div>
          )}
        </div>
      </section>
    </AdminPage>
  );
}
