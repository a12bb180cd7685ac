import { shippingNotices, type ShippingMethod } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import { LoadingBlock } from '../../../components/spinner';
import { AdminPage } from '../../admin/components/admin-page';
import { useCollectionEditing } from '../../admin/components/collection-editing';
import { LoadError } from '../../admin/components/load-error';
import {
  shippingMethodsQuery,
  useAddShippingMethod,
  useRemoveShippingMethod,
  useSaveShippingMethod,
  useSetShippingMethodActive,
} from '../api/shipping-methods';
import { ShippingMethodForm } from '../components/shipping-method-form';
import { ShippingMethodList } from '../components/shipping-method-list';
import { EmptyState } from '../../../components/empty-state';

/** /dashboard/shipping-methods (admins): the methods checkout offers, to add, edit, deactivate or delete. */
export function Component() {
  const methods = useQuery(shippingMethodsQuery());
  const add = useAddShippingMethod();
  const save = useSaveShippingMethod();
  const setActive = useSetShippingMethodActive();
  const remove = useRemoveShippingMethod();
  const { editing, returnFocusTo, formRef, startEditing, stopEditing, closeOnEscape, removed } = useCollectionEditing<ShippingMethod>();

  function handleRemove(method: ShippingMethod) {
    if (!window.confirm(shippingNotices.confirmRemoveMethod(method.name))) return;
    remove.mutate(method, { onSuccess: () => removed(method.id) });
  }

  const pending = setActive.isPending
    ? { id: setActive.variables.method.id, action: 'toggle' as const }
    : remove.isPending
      ? { id: remove.variables.id, action: 'remove' as const }
      : undefined;

  return (
    <AdminPage
      title="Shipping Methods"
      intro="What checkout offers for an address and a cart's weight: a base price plus a price per kg, up to a weight, free over a subtotal. Inactive methods are kept but not offered."
    >
      <div className="grid gap-8">
        {methods.isError ? (
          <LoadError what="the shipping methods" error={methods.error} onRetry={() => void methods.refetch()} />
        ) : methods.isPending ? (
          <LoadingBlock label="Loading the shipping methods" />
        ) : methods.data.length === 0 ? (
          <EmptyState message="No shipping methods yet: checkout cannot ship anything until you add one below." />
        ) : (
          <ShippingMethodList
            methods={methods.data}
            pending={pending}
            returnFocusTo={returnFocusTo}
            onEdit={startEditing}
            onToggle={(method) => setActive.mutate({ method, active: !method.active })}
            onRemove={handleRemove}
          />
        )}
        <div ref={formRef} onKeyDown={closeOnEscape} className="max-w-3xl scroll-mt-4">
          {editing ? (
            <ShippingMethodForm
              key={editing.id}
              method={editing}
              pending={save.isPending}
              onSave={(input, expected = editing) => save.mutateAsync({ input, expected }).then(() => stopEditing(editing.id))}
              onCancel={() => stopEditing(editing.id)}
            />
          ) : (
            <ShippingMethodForm key="new" pending={add.isPending} onSave={(input) => add.mutateAsync(input)} />
          )}
        </div>
      </div>
    </AdminPage>
  );
}
