import type { Review } from '@autoparts/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The reviews carousel (SPEC §9) with the browser's own scroll snapping, no carousel library
 * (decision 070): the slides are a row that scrolls sideways and snaps to each slide — a swipe on a
 * phone, arrow keys on the focused row, the Previous/Next buttons or a dot. How many slides a view
 * and how far apart (1 by default and at 640 px, 2 at 768 px, 3 at 1024 px; 50, 20, 40, 50 px) is
 * CSS (`.reviews-track` in index.css), so the server's HTML is laid out as the hydrated carousel.
 */
export function ReviewSlides({ reviews }: { reviews: Review[] }) {
  const track = useRef<HTMLUListElement>(null);
  const [position, setPosition] = useState({ index: 0, perView: 1, atStart: true, atEnd: reviews.length < 2 });
  // Nothing is said until the row has moved: the page's load is no news.
  const [moved, setMoved] = useState(false);

  /** The distance from one slide to the next, gap included. */
  const step = useCallback(() => {
    const slides = track.current?.children;
    if (!slides || slides.length < 2) return track.current?.clientWidth ?? 0;
    return (slides[1] as HTMLElement).offsetLeft - (slides[0] as HTMLElement).offsetLeft;
  }, []);

  const measure = useCallback(() => {
    const element = track.current;
    if (!element) return;
    const distance = step();
    const slideWidth = (element.children[0] as HTMLElement | undefined)?.offsetWidth ?? 0;
    setPosition({
      index: distance > 0 ? Math.round(element.scrollLeft / distance) : 0,
      // The row's width holds `perView` slides and one gap fewer.
      perView: distance > 0 ? Math.max(1, Math.round((element.clientWidth + distance - slideWidth) / distance)) : 1,
      atStart: element.scrollLeft <= 1,
      atEnd: element.scrollLeft >= element.scrollWidth - element.clientWidth - 1,
    });
  }, [step]);

  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure]);

  const goTo = (index: number) => track.current?.scrollTo({ left: index * step() });

  return (
    <div className="reviews-carousel" role="group" aria-roledescription="carousel" aria-label="Customer reviews">
      <div className="relative px-10">
        <CarouselButton label="Previous slide" side="left" disabled={position.atStart} onClick={() => goTo(position.index - 1)} />
        <ul
          ref={track}
          className="reviews-track"
          // The row scrolls with the arrow keys once focused, as any scrolling region does.
          tabIndex={0}
          aria-label="Reviews, scroll sideways for more"
          onScroll={() => {
            setMoved(true);
            measure();
          }}
        >
          {reviews.map((review, index) => (
            <li key={review._id} aria-roledescription="slide" aria-label={`${index + 1} of ${reviews.length}`}>
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
        <CarouselButton label="Next slide" side="right" disabled={position.atEnd} onClick={() => goTo(position.index + 1)} />
      </div>
      {/* What a move brought into view, said by a screen reader (the row itself changes nothing it reads). */}
      <p aria-live="polite" className="sr-only">
        {moved ? shownText(position.index, position.perView, reviews.length) : ''}
      </p>
      {/* A dot a place the row can stop at: CSS hides those a wider view can no longer reach. */}
      <ul className="reviews-dots mt-6 flex flex-wrap justify-center gap-1">
        {reviews.map((review, index) => (
          <li key={review._id}>
            <button
              type="button"
              className="grid size-8 place-items-center rounded-full focus-visible:outline-2 focus-visible:outline-brand-700"
              aria-label={`Go to slide ${index + 1}`}
              aria-current={index === position.index ? 'true' : undefined}
              onClick={() => goTo(index)}
            >
              <span
                aria-hidden="true"
                className={`size-2.5 rounded-full ${index === position.index ? 'bg-brand-700' : 'bg-slate-400'}`}
              />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function CarouselButton({
  label,
  side,
  disabled,
  onClick,
}: {
  label: string;
  side: 'left' | 'right';
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    // `aria-disabled`, not `disabled`: Next pressed to the last stop keeps the focus (a disabled
    // button loses it to the page's body, and a screen reader no longer knows where it is).
    <button
      type="button"
      aria-label={label}
      aria-disabled={disabled}
      onClick={disabled ? undefined : onClick}
      className={`absolute top-1/2 ${side === 'left' ? 'left-0' : 'right-0'} z-10 grid size-9 -translate-y-1/2 place-items-center rounded-full text-2xl font-bold text-brand-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 aria-disabled:cursor-default aria-disabled:text-slate-300 aria-disabled:hover:bg-transparent`}
    >
      <span aria-hidden="true">{side === 'left' ? '‹' : '›'}</span>
    </button>
  );
}

/**
 * A review's name and text wrap within its card, a word too long for it too (`overflow-wrap:
 * anywhere`): a word of 1,000 letters otherwise ran under the next cards and widened the row, which
 * then scrolled past its last card, and the dot made current was one CSS hides.
 */
/** "Review 4 of 24", or with several a view "Reviews 4 to 6 of 24". */
function shownText(index: number, perView: number, count: number) {
  const last = Math.min(index + perView, count);
  return last > index + 1 ? `Reviews ${index + 1} to ${last} of ${count}` : `Review ${index + 1} of ${count}`;
}

function ReviewCard({ review }: { review: Review }) {
  return (
    <figure className="flex h-full min-w-0 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm [overflow-wrap:anywhere]">
      {/* `dir="auto"`: a name or text written right to left reads from the right, its full stop at its end. */}
      <figcaption dir="auto" className="text-lg font-semibold text-ink">
        {review.name}
      </figcaption>
      <blockquote dir="auto" className="flex-1 text-slate-600">
        {review.description}
      </blockquote>
      {review.ratings !== null && (
        <p className="font-medium text-slate-800">
          Ratings: <span className="text-brand-700">{review.ratings}</span>
        </p>
      )}
    </figure>
  );
}
