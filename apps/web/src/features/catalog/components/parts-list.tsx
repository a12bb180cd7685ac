import { paths } from '@autoparts/shared';
import { Link } from 'react-router';
import { PartGrid } from './part-grid';
import { VehicleSelector } from './vehicle-selector';

/** Parts the home page lists on a phone; the rest of the first page shows from 640 px. */
const PARTS_ON_A_PHONE = 6;

/** The first page of the catalogue (GET /api/parts), the vehicle selector, and the way to /shop. */
export function PartsList() {
  return (
    <section id="parts" aria-labelledby="parts-heading" className="mx-auto max-w-7xl px-4 py-10 sm:py-16">
      <h2 id="parts-heading" className="mb-6 text-center text-2xl sm:mb-8 sm:text-3xl font-bold text-ink">
        Our Parts
      </h2>
      <VehicleSelector className="mb-8" />
      <PartGrid placeholders={6} label="Parts" phoneLimit={PARTS_ON_A_PHONE} />
      <p className="mt-10 text-center">
        <Link
          to={paths.shop}
          className="inline-flex rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          Search the whole catalogue
        </Link>
      </p>
    </section>
  );
}
