export { ReviewsCarousel } from './components/reviews-carousel';
