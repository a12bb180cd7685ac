import { FeaturedProducts, PartsList } from '../../../features/catalog';
import { ReviewsCarousel } from '../../../features/reviews';
import { Banner } from './banner';
import { BusinessSummary } from './business-summary';
import { HowWeWork } from './how-we-work';
import { JoinCommunity } from './join-community';
import { ShopByCategory } from './shop-by-category';
import { WhyUs } from './why-us';

/** The home page, in SPEC §2's order. */
export function HomeRoute() {
  return (
    <>
      <Banner />
      <PartsList />
      <FeaturedProducts />
      <BusinessSummary />
      <HowWeWork />
      <ShopByCategory />
      <WhyUs />
      <ReviewsCarousel />
      <JoinCommunity />
    </>
  );
}
