import { productInputSchema } from '@autoparts/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { TextareaField } from '../../../components/textarea-field';
import { useAddProduct } from '../api/add-product';
import { PhotoField, usePendingPhoto, WAITING_FOR_PHOTO } from './photo-field';

export const IMAGE_HINT = 'Filled in by the photo you upload; or give an image URL (https://…) or a path on this site (/images/parts/…).';

// Number inputs hold text; the shared schema turns it into numbers (SPEC §3: values sent as text).
const emptyProduct = { name: '', img: '', description: '', storequantity: '', price: '', minOrderQuantity: '1' };

/**
 * Add a Product (SPEC §2, §5): all five fields required, store quantity and price numeric, and
 * the minimum order quantity the original left out (DESIGN §7), 1 unless changed.
 */
export function ProductForm() {
  const addProduct = useAddProduct();
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    setValue,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(productInputSchema),
    // Checked when sent, then on each change (decision 085, amended), not on leaving a field: an
    // error drawn on blur moved the fields below, Add Product with them, and the click was lost.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: emptyProduct,
  });
  const img = useWatch({ control, name: 'img' });

  const photo = usePendingPhoto();
  const submit = photo.submitAfterPhoto((url) => setValue('img', url, { shouldValidate: true, shouldDirty: true }), () => onSubmit());

  const onSubmit = handleSubmit(async (product) => {
    // The hook reports success and failure with a toast; a product added clears the form for the next.
    await addProduct
      .mutateAsync(product)
      .then(() => {
        setFocus('name');
        reset(emptyProduct);
      })
      .catch(() => undefined);
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="Add a Product" className="grid max-w-3xl gap-5 sm:grid-cols-2">
      <TextField label="Name" className="sm:col-span-2" error={errors.name?.message} {...register('name')} />
      <PhotoField
        className="sm:col-span-2"
        current={img}
        onUploaded={(url) => setValue('img', url, { shouldValidate: true, shouldDirty: true })}
        onUploading={photo.track}
      />
      <TextField
        label="Image"
        className="sm:col-span-2"
        inputMode="url"
        placeholder="/images/parts/brake-pads.svg"
        hint={IMAGE_HINT}
        error={errors.img?.message}
        {...register('img')}
      />
      <TextareaField label="Description" className="sm:col-span-2" error={errors.description?.message} {...register('description')} />
      <TextField
        label="Store quantity"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        error={errors.storequantity?.message}
        {...register('storequantity')}
      />
      <TextField
        label="Price ($)"
        // Text, not a number input: "12,50" must reach the schema as typed (12.50), not be dropped.
        inputMode="decimal"
        autoComplete="off"
        error={errors.price?.message}
        {...register('price')}
      />
      <TextField
        label="Minimum order quantity"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        hint="The fewest a customer may order at once."
        error={errors.minOrderQuantity?.message}
        {...register('minOrderQuantity')}
      />
      <div className="sm:col-span-2 sm:max-w-xs">
        <SubmitButton pending={addProduct.isPending || photo.waiting}>{photo.waiting ? WAITING_FOR_PHOTO : 'Add Product'}</SubmitButton>
      </div>
      {photo.problem && (
        <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-2">
          {photo.problem}
        </p>
      )}
    </form>
  );
}
