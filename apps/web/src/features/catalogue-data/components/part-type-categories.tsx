import type { PartTypeCategory } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { LoadingBlock } from '../../../components/spinner';
import { useCategories } from '../../../lib/categories';
import { ActionButton } from '../../admin/components/action-button';
import { LoadError } from '../../admin/components/load-error';
import { headerCellClass, stackedTableClass, TableRegion, theadClass } from '../../admin/components/table-region';
import { partTypeCategoriesQuery, useSavePartTypeCategories } from '../api/catalogue-data';

const selectClass =
  'w-full min-w-40 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/**
 * Which category a new part of each PCdb part type goes to (decision 084): one select per part
 * type the shop's parts carry, one Save for the rows changed.
 */
export function PartTypeCategories() {
  const partTypes = useQuery(partTypeCategoriesQuery());
  const categories = useCategories();
  const save = useSavePartTypeCategories();
  // The rows changed and not yet saved: part type → category slug ('' for none).
  const [draft, setDraft] = useState<Record<number, string>>({});
  const valueOf = (row: PartTypeCategory) => draft[row.partTypeId] ?? row.category ?? '';

  function submit(event: FormEvent) {
    event.preventDefault();
    const changed = (partTypes.data ?? []).filter((row) => valueOf(row) !== (row.category ?? ''));
    save.mutate({ mappings: changed.map((row) => ({ partTypeId: row.partTypeId, category: valueOf(row) || null })) }, { onSuccess: () => setDraft({}) });
  }

  return (
    <section aria-labelledby="part-type-categories" className="grid gap-3">
      <h2 id="part-type-categories" className="text-xl font-bold text-ink">
        Part type categories
      </h2>
      <p className="text-sm text-slate-700">
        A part that a PIES or CSV import adds without a category goes to the category of its PCdb part type. A part type with no category here: the
        part is added with no category, and the import warns about it.
      </p>
      {partTypes.isError || categories.isError ? (
        <LoadError
          what="the part types"
          error={partTypes.error ?? categories.error}
          onRetry={() => void Promise.all([partTypes.refetch(), categories.refetch()])}
        />
      ) : partTypes.isPending || categories.isPending ? (
        <LoadingBlock label="Loading the part types" />
      ) : partTypes.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">
          No part types yet: the shop&apos;s parts carry none. Import a PIES file or a parts CSV with part types first.
        </p>
      ) : (
        <form onSubmit={submit} aria-label="Part type categories" className="grid gap-3">
          <TableRegion label="Part type categories table" busy={save.isPending}>
            <table className={`${stackedTableClass} sm:min-w-[36rem]`}>
              <caption className="sr-only">Part types and the category of their new parts</caption>
              <thead className={theadClass}>
                <tr>
                  <th scope="col" className={headerCellClass}>
                    Part type
                  </th>
                  <th scope="col" className={headerCellClass}>
                    Parts
                  </th>
                  <th scope="col" className={headerCellClass}>
                    Category
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {partTypes.data.map((row) => (
                  <tr key={row.partTypeId} data-testid="part-type-row">
                    <th scope="row" className="px-4 py-3 text-left font-medium">
                      {row.name} <span className="font-mono text-xs text-slate-600">({row.partTypeId})</span>
                    </th>
                    <td data-label="Parts" className="px-4 py-3 tabular-nums">
                      {row.parts.toLocaleString('en-US')}
                    </td>
                    <td data-label="Category" className="px-4 py-3">
                      <select
                        aria-label={`Category of ${row.name}`}
                        data-part-type={row.partTypeId}
                        className={selectClass}
                        value={valueOf(row)}
                        onChange={(event) => setDraft((current) => ({ ...current, [row.partTypeId]: event.target.value }))}
                      >
                        <option value="">No category</option>
                        {categories.data.map((category) => (
                          <option key={category.slug} value={category.slug}>
                            {category.name}
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          <div>
            <ActionButton type="submit" tone="primary" pending={save.isPending} className="py-2">
              Save part type categories
            </ActionButton>
          </div>
        </form>
      )}
    </section>
  );
}
