import { priceListMessages, type PriceListSummary } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../../components/empty-state';
import { LoadingBlock } from '../../../components/spinner';
import { AdminPage } from '../../admin/components/admin-page';
import { useCollectionEditing } from '../../admin/components/collection-editing';
import { LoadError } from '../../admin/components/load-error';
import { priceListQuery, priceListsQuery, useCreatePriceList, useRemovePriceList, useUpdatePriceList } from '../api/price-lists';
import { ExplainPrice } from '../components/explain-price';
import { PriceListForm } from '../components/price-list-form';
import { PriceListList } from '../components/price-list-list';

/** /dashboard/price-lists (admins): contract prices, to create, edit, delete and explain (decisions 080, 085). */
export function Component() {
  const lists = useQuery(priceListsQuery());
  const remove = useRemovePriceList();
  const { editing, returnFocusTo, formRef, startEditing, stopEditing, closeOnEscape, removed } = useCollectionEditing<PriceListSummary>();

  function handleRemove(list: PriceListSummary) {
    if (!window.confirm(priceListMessages.confirmDelete(list.name, list.companies.map((company) => company.name)))) return;
    remove.mutate(list, { onSuccess: () => removed(list.id) });
  }

  return (
    <AdminPage title="Price lists" intro="Contract prices for companies: a fixed unit price or a percent off the list price, for a part or a whole category, with quantity tiers. A company’s lists are tried by priority; the first that prices a part wins.">
      {/* One column no wider than the page: a list’s long name wraps, not widens it (decision 125). */}
      <div className="grid grid-cols-1 gap-8">
        {lists.isError ? (
          <LoadError what="the price lists" error={lists.error} onRetry={() => void lists.refetch()} />
        ) : lists.isPending ? (
          <LoadingBlock label="Loading the price lists" />
        ) : lists.data.length === 0 ? (
          <EmptyState message="No price lists yet: every customer pays the list price. Create the first one below." />
        ) : (
          <PriceListList lists={lists.data} removingId={remove.isPending ? remove.variables.id : undefined} returnFocusTo={returnFocusTo} onEdit={startEditing} onRemove={handleRemove} />
        )}
        {lists.data && lists.data.length > 0 && <ExplainPrice lists={lists.data} />}
        <div ref={formRef} onKeyDown={closeOnEscape} className="scroll-mt-4">
          {editing ? <EditPriceList id={editing.id} onDone={() => stopEditing(editing.id)} /> : <NewPriceList />}
        </div>
      </div>
    </AdminPage>
  );
}

function NewPriceList() {
  const create = useCreatePriceList();
  return <PriceListForm key="new" pending={create.isPending} onSave={(input) => create.mutateAsync(input)} />;
}

/** The list chosen, read with its entries, in the form. */
function EditPriceList({ id, onDone }: { id: string; onDone: () => void }) {
  const list = useQuery(priceListQuery(id));
  const update = useUpdatePriceList();
  if (list.isError) return <LoadError what="the price list" error={list.error} onRetry={() => void list.refetch()} />;
  if (list.isPending) return <LoadingBlock label="Loading the price list" />;
  return <PriceListForm key={id} list={list.data} pending={update.isPending} onSave={(input) => update.mutateAsync({ id, input: { ...input, expectedVersion: list.data.version } }).then(onDone)} onCancel={onDone} />;
}
