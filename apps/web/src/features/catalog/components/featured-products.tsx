import { FEATURED_PRODUCTS_COUNT } from '@autoparts/shared';
import { PartGrid } from './part-grid';

/** The first six parts of the same list (SPEC §7: featured products come from /parts). */
export function FeaturedProducts() {
  return (
    <section aria-labelledby="featured-heading" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:py-16">
        <h2 id="featured-heading" className="mb-6 text-center text-2xl sm:mb-8 sm:text-3xl font-bold text-ink">
          Featured Products
        </h2>
        <PartGrid
          limit={FEATURED_PRODUCTS_COUNT}
          placeholders={FEATURED_PRODUCTS_COUNT}
          label="Featured Products"
        />
      </div>
    </section>
  );
}
