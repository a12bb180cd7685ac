import type { Review } from '@autoparts/shared';
import { A11y, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';

/** SPEC §9: 1 slide by default; 1 at 640 px, 2 at 768 px, 3 at 1024 px; base spacing 50. */
const breakpoints = {
  640: { slidesPerView: 1, spaceBetween: 20 },
  768: { slidesPerView: 2, spaceBetween: 40 },
  1024: { slidesPerView: 3, spaceBetween: 50 },
};

/** The Swiper half of the carousel, loaded on its own so it stays out of the first bundle. */
export default function ReviewSlides({ reviews }: { reviews: Review[] }) {
  return (
    <Swiper
      modules={[Navigation, Pagination, A11y]}
      slidesPerView={1}
      spaceBetween={50}
      breakpoints={breakpoints}
      navigation
      pagination={{ clickable: true }}
      className="reviews-carousel !px-10 !pb-12"
    >
      {reviews.map((review) => (
        <SwiperSlide key={review._id} className="!h-auto">
          <ReviewCard review={review} />
        </SwiperSlide>
      ))}
    </Swiper>
  );
}

function ReviewCard({ review }: { review: Review }) {
  return (
    <figure className="flex h-full flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <figcaption className="text-lg font-semibold text-ink">{review.name}</figcaption>
      <blockquote className="flex-1 text-slate-600">{review.description}</blockquote>
      {review.ratings !== null && (
        <p className="font-medium text-slate-800">
          Ratings: <span className="text-brand-700">{review.ratings}</span>
        </p>
      )}
    </figure>
  );
}
