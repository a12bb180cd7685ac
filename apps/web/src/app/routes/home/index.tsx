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

/** Below the parts list, in SPEC §2's order. */
const sections: Array<[name: string, Section: ComponentType]> = [
  ['home-featured', FeaturedProducts],
  ['home-summary', BusinessSummary],
  ['home-how', HowWeWork],
  ['home-categories', ShopByCategory],
  ['home-why', WhyUs],
  ['home-reviews', ReviewsCarousel],
  ['home-community', JoinCommunity],
];

/**
 * The home page, in SPEC §2's order. Each section hydrates in a task of its own (issue 10: blocking
 * time); the parts list puts off its selector and its parts each on its own.
 */
export function HomeRoute() {
  return (
    <>
      <HydrateLater name="home-banner">
        <Banner />
      </HydrateLater>
      <PartsList />
      {sections.map(([name, Section]) => (
        <HydrateLater key={name} name={name}>
          <Section />
        </HydrateLater>
      ))}
    </>
  );
}
