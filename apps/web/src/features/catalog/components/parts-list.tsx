import { PartGrid } from './part-grid';

/** Every part on sale; the banner's 'Explore Shop' scrolls here (#parts). */
export function PartsList() {
  return (
    <section id="parts" aria-labelledby="parts-heading" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-10 sm:py-16">
      <h2 id="parts-heading" className="mb-6 text-center text-2xl sm:mb-8 sm:text-3xl font-bold text-ink">
        Our Parts
      </h2>
      <PartGrid placeholders={6} label="Parts" />
    </section>
  );
}
