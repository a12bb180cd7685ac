import { lazy, Suspense, type ComponentType } from 'react';
import { FeaturedProducts, PartsList } from '../../../features/catalog';
import { ReviewsCarousel } from '../../../features/reviews';
import { Banner } from './banner';
import { BusinessSummary } from './business-summary';
import { HowWeWork } from './how-we-work';
import { JoinCommunity } from './join-community';
import { ShopByCategory } from './shop-by-category';
import { WhyUs } from './why-us';

/** Below the parts list, in SPEC §2's order. */
// Its own chunk, out of the home page's first script (its budget): the server's HTML has the
// head from the start, and the browser's React takes it over once this has loaded.
const HomeHead = lazy(() => import('./home-head'));

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
 * The home page, in SPEC §2's order. Each section below the parts is a `<Suspense>` boundary of its
 * own, which React hydrates apart from the rest: after what is on screen, or first when touched.
 */
export function HomeRoute() {
  return (
    <>
      <Suspense>
        <HomeHead />
      </Suspense>
      <Banner />
      <PartsList />
      {sections.map(([name, Section]) => (
        <Suspense key={name}>
          <Section />
        </Suspense>
      ))}
    </>
  );
}
