import { shippingNotices, taxPlace, type TaxRate } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { LoadingBlock } from '../../../components/spinner';
import { AdminPage } from '../../admin/components/admin-page';
import { useCollectionEditing } from '../../admin/components/collection-editing';
import { LoadError } from '../../admin/components/load-error';
import { taxRatesQuery, useAddTaxRate, useRemoveTaxRate, useSaveTaxRate } from '../api/tax-rates';
import { TaxRateForm } from '../components/tax-rate-form';
import { TaxRateList } from '../components/tax-rate-list';
import { EmptyState } from '../../../components/empty-state';

/** /dashboard/tax-rates (admins): the rates checkout charges by the ship-to address, one a place. */
export function Component() {
  const rates = useQuery(taxRatesQuery());
  const add = useAddTaxRate();
  const save = useSaveTaxRate();
  const remove = useRemoveTaxRate();
  const { editing, returnFocusTo, formRef, startEditing, stopEditing, closeOnEscape, removed } = useCollectionEditing<TaxRate>();

  function handleRemove(rate: TaxRate) {
    if (!window.confirm(shippingNotices.confirmRemoveRate(taxPlace(rate.country, rate.region)))) return;
    remove.mutate(rate, { onSuccess: () => removed(rate.id) });
  }

  return (
    <AdminPage
      title="Tax Rates"
      intro="The sales tax checkout adds for the ship-to address, by country or by region (a state or province). Tax is rounded to the cent once per order."
    >
      <div className="grid gap-8">
        {rates.isError ? (
          <LoadError what="the tax rates" error={rates.error} onRetry={() => void rates.refetch()} />
        ) : rates.isPending ? (
          <LoadingBlock label="Loading the tax rates" />
        ) : rates.data.length === 0 ? (
          <EmptyState message="No tax rates yet: checkout charges no tax." />
        ) : (
          <TaxRateList
            rates={rates.data}
            removingId={remove.isPending ? remove.variables.id : undefined}
            returnFocusTo={returnFocusTo}
            onEdit={startEditing}
            onRemove={handleRemove}
          />
        )}
        <div ref={formRef} onKeyDown={closeOnEscape} className="max-w-3xl scroll-mt-4">
          {editing ? (
            <TaxRateForm
              key={editing.id}
              rate={editing}
              pending={save.isPending}
              onSave={(input, expected = editing) => save.mutateAsync({ input, expected }).then(() => stopEditing(editing.id))}
              onCancel={() => stopEditing(editing.id)}
            />
          ) : (
            <TaxRateForm key="new" pending={add.isPending} onSave={(input) => add.mutateAsync(input)} />
          )}
        </div>
      </div>
    </AdminPage>
  );
}
