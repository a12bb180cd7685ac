import { HydrateLater } from '../../../components/hydrate-later';
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
      {/* Below the banner, each section hydrates in a task of its own (issue 10: blocking time). */}
      <HydrateLater name="home-parts">
        <PartsList />
      </HydrateLater>
      <HydrateLater name="home-featured">
        <FeaturedProducts />
      </HydrateLater>
      <HydrateLater name="home-summary">
        <BusinessSummary />
      </HydrateLater>
      <HydrateLater name="home-how">
        <HowWeWork />
      </HydrateLater>
      <HydrateLater name="home-categories">
        <ShopByCategory />
      </HydrateLater>
      <HydrateLater name="home-why">
        <WhyUs />
      </HydrateLater>
      <HydrateLater name="home-reviews">
        <ReviewsCarousel />
      </HydrateLater>
      <HydrateLater name="home-community">
        <JoinCommunity />
      </HydrateLater>
    </>
  );
}
