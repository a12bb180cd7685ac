import { ADMIN_REVIEWS_PAGE_SIZE, type AdminReview } from '@autoparts/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Pager, pagedListFocusClass } from '../../../components/pager';
import { LoadingBlock } from '../../../components/spinner';
import { adminReviewsQuery } from '../api/get-admin-reviews';
import { useHideAuthorReviews } from '../api/hide-author-reviews';
import { useSetReviewVisibility } from '../api/set-review-visibility';
import { adminNotices } from '../admin-notices';
import { formatDateTime } from '../../../lib/dates';
import { useHasNextPage } from '../../../lib/next-page';
import { EmailText } from '../../../components/email-text';
import { ActionButton } from './action-button';
import { LoadError } from './load-error';

/**
 * Every review, hidden ones too: Hide takes one off the home page, Show puts it back, and
 * "Hide all by author" ends a flood of one author's reviews at once.
 */
export function ReviewModeration() {
  const [page, setPage] = useState(1);
  // The list: a new page takes the keyboard there (Pager).
  const list = useRef<HTMLUListElement>(null);
  const reviews = useQuery({ ...adminReviewsQuery(page), placeholderData: keepPreviousData });
  const hasNext = useHasNextPage(adminReviewsQuery(page + 1), reviews.data?.length === ADMIN_REVIEWS_PAGE_SIZE);
  const setVisibility = useSetReviewVisibility();
  const hideAuthor = useHideAuthorReviews();
  const pendingId = setVisibility.isPending ? setVisibility.variables.id : undefined;
  const pendingAuthor = hideAuthor.isPending ? hideAuthor.variables : undefined;

  if (reviews.isError) return <LoadError what="the reviews" error={reviews.error} onRetry={() => void reviews.refetch()} />;
  if (reviews.isPending) return <LoadingBlock label="Loading the reviews" />;
  if (reviews.data.length === 0 && page === 1) return <p className="text-slate-600">No reviews yet.</p>;
  return (
    <div className="grid gap-4">
      <ul ref={list} tabIndex={-1} aria-label="Reviews" className={`grid gap-3 lg:grid-cols-2 ${pagedListFocusClass}`}>
        {reviews.data.map((review) => (
          <li key={review._id}>
            <ReviewItem
              review={review}
              pending={pendingId === review._id}
              onToggle={() => setVisibility.mutate({ id: review._id, hidden: !review.hidden })}
              hidingAuthor={pendingAuthor === review.email}
              onHideAuthor={() => {
                if (window.confirm(adminNotices.confirmHideAuthor(review.email))) hideAuthor.mutate(review.email);
              }}
            />
          </li>
        ))}
      </ul>
      <Pager list={list} page={page} hasNext={hasNext} loading={reviews.isPlaceholderData} onPage={setPage} label="Reviews pages" />
    </div>
  );
}

interface ReviewItemProps {
  review: AdminReview;
  pending: boolean;
  onToggle: () => void;
  hidingAuthor: boolean;
  onHideAuthor: () => void;
}

function ReviewItem({ review, pending, onToggle, hidingAuthor, onHideAuthor }: ReviewItemProps) {
  const authorId = useId();
  return (
    <article
      aria-labelledby={authorId}
      className={`h-full rounded-xl border p-4 text-sm ${review.hidden ? 'border-dashed border-slate-300 bg-slate-50' : 'border-slate-200'}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={authorId} dir="auto" className="min-w-0 font-bold text-ink [overflow-wrap:anywhere]">
          {review.name}
        </h2>
        {review.hidden && <span className="inline-flex rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-700">Hidden</span>}
      </div>
      <p className="text-slate-500">
        <EmailText email={review.email} />
      </p>
      {/* `anywhere`, not `break-word`: a word too long for the card is broken within the card, and the
          grid column is not widened to hold it (a 1000-letter word made the page 9,388 px wide at 390).
          `dir="auto"`: a review written right to left reads from the right, as on the home page. */}
      <p dir="auto" className="mt-2 whitespace-pre-line text-slate-700 [overflow-wrap:anywhere]">
        {review.description}
      </p>
      <p className="mt-2 text-slate-600">Ratings: {review.ratings ?? 'none'}</p>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <time dateTime={review.createdAt} className="text-xs text-slate-500">
          {formatDateTime(review.createdAt)}
        </time>
        <div className="flex flex-wrap gap-2">
          {/* Named for their card, the visible words first (decision 227): every card has the same two. */}
          <ActionButton tone="danger" onClick={onHideAuthor} pending={hidingAuthor} aria-label={`Hide all by author ${review.name} (${review.email})`}>
            Hide all by author
          </ActionButton>
          <ActionButton
            tone={review.hidden ? 'neutral' : 'danger'}
            onClick={onToggle}
            pending={pending}
            aria-label={`${review.hidden ? 'Show' : 'Hide'} the review by ${review.name} of ${formatDateTime(review.createdAt)}`}
          >
            {review.hidden ? 'Show' : 'Hide'}
          </ActionButton>
        </div>
      </div>
    </article>
  );
}
