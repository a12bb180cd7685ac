import { RATING_CHOICES, REVIEW_MAX_LENGTH, reviewInputSchema, type ReviewInput } from '@autoparts/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { SelectField } from '../../../components/select-field';
import { SubmitButton } from '../../../components/submit-button';
import { TextareaField } from '../../../components/textarea-field';
import { useAddReview } from '../api/add-review';

/** What the form holds: the select's empty choice is '' ("No rating"). */
interface ReviewFormValues {
  description: string;
  ratings: ReviewInput['ratings'] | '';
}

const emptyReview: ReviewFormValues = { description: '', ratings: '' };

const ratingOptions = [
  { value: '', label: 'No rating' },
  ...RATING_CHOICES.map((choice) => ({ value: choice, label: choice })),
] as const;

const schemaResolver = zodResolver(reviewInputSchema);

// A rating is optional (SPEC §5): "No rating" reaches the shared schema as no rating at all.
// The options differ only in the form's value type, which names the same two fields.
const resolver: Resolver<ReviewFormValues, unknown, ReviewInput> = (values, context, options) =>
  schemaResolver({ ...values, ratings: values.ratings || undefined }, context, options as never);

/** The review form (SPEC §2, §5): a description (required) and a rating from SPEC §9's choices. */
export function ReviewForm() {
  const addReview = useAddReview();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ReviewFormValues, unknown, ReviewInput>({
    resolver,
    // Checked when sent, then on each change (decision 085, amended), not on leaving the field:
    // the error drawn on blur moved Add Review between the press and the release, and the click was lost.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: emptyReview,
  });

  const onSubmit = handleSubmit(async (review) => {
    // The hook reports success and failure with a toast; only a posted review clears the form.
    await addReview
      .mutateAsync(review)
      .then(() => reset(emptyReview))
      .catch(() => undefined);
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Add a Review" className="grid gap-5">
      <TextareaField
        label="Description"
        rows={5}
        maxLength={REVIEW_MAX_LENGTH}
        hint={`What did you order, and how did it go? Up to ${REVIEW_MAX_LENGTH} characters.`}
        error={errors.description?.message}
        {...register('description')}
      />
      <SelectField
        label="Rating"
        options={ratingOptions}
        className="sm:max-w-xs"
        error={errors.ratings?.message}
        {...register('ratings')}
      />
      <div className="sm:max-w-xs">
        <SubmitButton pending={addReview.isPending}>Add Review</SubmitButton>
      </div>
    </form>
  );
}
