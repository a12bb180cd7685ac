import { restockSchema, type AdminPart } from '@autoparts/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/text-field';
import { useRestockPart } from '../api/restock-part';
import { ActionButton } from './action-button';

/**
 * Adds stock to a part: how many arrived, then Restock. The form is named by the part's name and
 * number: a catalogue has many parts of one name ("Oil filter"), and forms of one name side by side
 * on the overview's low stock are one landmark to a screen reader (axe's landmark-unique).
 */
export function RestockForm({ part }: { part: Pick<AdminPart, '_id' | 'name' | 'partNumber'> }) {
  const restock = useRestockPart();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(restockSchema), defaultValues: { quantity: '' } });

  const onSubmit = handleSubmit(async ({ quantity }) => {
    // The hook reports success and failure with a toast.
    await restock
      .mutateAsync({ id: part._id, quantity })
      .then(() => reset({ quantity: '' }))
      .catch(() => undefined);
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label={`Restock ${part.name} (${part.partNumber})`} className="flex flex-wrap items-start gap-2">
      <TextField
        label="Add to stock"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        className="w-36"
        error={errors.quantity?.message}
        {...register('quantity')}
      />
      <ActionButton type="submit" pending={restock.isPending} className="mt-6 py-2">
        Restock
      </ActionButton>
    </form>
  );
}
