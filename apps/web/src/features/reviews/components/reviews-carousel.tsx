import { LoadFailed } from '../../../components/load-failed';
import { useReviews } from '../api/get-reviews';
import { ReviewSlides } from './review-slides';

/** 'Customer Reviews': cards appear only once the reviews have arrived (SPEC §4). */
export function ReviewsCarousel() {
  const { data: reviews, isPending, isError, refetch } = useReviews();
  return (
    <section aria-labelledby="reviews-heading" className="mx-auto max-w-7xl px-4 py-16">
      <h2 id="reviews-heading" className="mb-8 text-center text-3xl font-bold text-ink">
        Customer Reviews
      </h2>
      {isPending && (
        <p role="status" className="text-center text-slate-500">
          Loading reviews…
        </p>
      )}
      {isError && !reviews && <LoadFailed what="the reviews" onRetry={() => void refetch()} />}
      {reviews?.length === 0 && <p className="text-center text-slate-600">No reviews yet.</p>}
      {reviews && reviews.length > 0 && <ReviewSlides reviews={reviews} />}
    </section>
  );
}
