import type { ComponentType } from 'react';
import { HydrateLater } from '../../../components/hydrate-later';
import { FeaturedProducts, PartsList } from '../../../features/catalog';
import { ReviewsCarousel } from '../../../features/reviews';
import { Banner } from './banner';
import { BusinessSummary } from './business-summary';
import { HowWeWork } from './how-we-work';
import { JoinCommunity } from './join-community';
import { ShopByCategory } from './shop-by-category';
import { WhyUs } from './why-us';

/** Below the banner, in SPEC §2's order; each hydrates in a task of its own (issue 10: blocking time). */
const sections: Array<[name: string, Section: ComponentType]> = [
  ['home-parts', PartsList],
  ['home-featured', FeaturedProducts],
  ['home-summary', BusinessSummary],
  ['home-how', HowWeWork],
  ['home-categories', ShopByCategory],
  ['home-why', WhyUs],
  ['home-reviews', ReviewsCarousel],
  ['home-community', JoinCommunity],
];

/** The home page, in SPEC §2's order. */
export function HomeRoute() {
  return (
    <>
      <Banner />
      {sections.map(([name, Section]) => (
        <HydrateLater key={name} name={name}>
          <Section />
        </HydrateLater>
      ))}
    </>
  );
}
