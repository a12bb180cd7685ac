import { paths } from '@autoparts/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { oneClickOfADouble } from '../../../lib/double-click';

const systems: { slug: string; name: string; description: string; icon: ReactNode }[] = [
  {
    slug: 'brakes',
    name: 'Brakes',
    description: 'Pads, discs, calipers and hoses for confident, even stopping.',
    icon: (
      <>
        <circle cx="12" cy="12" r="8.5" />
        <circle cx="12" cy="12" r="2.5" />
        <path d="M4.5 8.5A8.5 8.5 0 0 1 9 4" />
      </>
    ),
  },
  {
    slug: 'engine',
    name: 'Engine',
    description: 'Gaskets, belts, pistons and timing kits that keep engines running smoothly.',
    icon: <path d="M4 10h2V8h4V6h4v2h3l2 2h2v6h-2l-2 2H8l-2-2H4zM2 11v4" />,
  },
  {
    slug: 'electrical',
    name: 'Electrical',
    description: 'Alternators, starters, sensors and spark plugs for reliable starts.',
    icon: <path d="M13 2L5 13.5h6L10 22l8-11.5h-6z" />,
  },
  {
    slug: 'suspension',
    name: 'Suspension',
    description: 'Shock absorbers, control arms and bushings for a steady ride.',
    icon: <path d="M12 2v3M12 19v3M8 5h8M8 19h8M9 8l6 2-6 2 6 2-6 2" />,
  },
  {
    slug: 'cooling',
    name: 'Cooling',
    description: 'Radiators, water pumps and thermostats that keep temperatures in check.',
    icon: <path d="M12 3v18M4.2 7.5l15.6 9M4.2 16.5l15.6-9M10 5l2 2 2-2M10 19l2-2 2 2" />,
  },
  {
    slug: 'filters',
    name: 'Filters',
    description: 'Oil, air, fuel and cabin filters for routine servicing.',
    icon: <path d="M3 4h18l-7 8v6l-4 2v-8z" />,
  },
];

/** Entry points by vehicle system; each opens /shop filtered by its category. */
export function ShopByCategory() {
  return (
    <section aria-labelledby="systems-heading" className="mx-auto max-w-7xl px-4 py-16">
      <h2 id="systems-heading" className="text-center text-3xl font-bold text-ink">
        Shop by system
      </h2>
      <p className="mx-auto mt-4 mb-10 max-w-2xl text-center text-slate-600">
        Know what needs replacing? Start from the part of the car you are working on.
      </p>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {systems.map((system) => (
          <li
            key={system.name}
            className="relative flex gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition focus-within:ring-2 focus-within:ring-brand-700 hover:border-brand-500 hover:shadow-md"
          >
            <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth={1.8}
                strokeLinecap="round"
                strokeLinejoin="round"
                className="size-6"
              >
                {system.icon}
              </svg>
            </span>
            <div>
              <h3 className="text-lg font-semibold text-ink">
                {/* The link stretches over the whole card; its name stays the system's name. */}
                {/* /shop drawn under the pointer: a double click's second click is not its (decision 210). */}
                <Link
                  to={`${paths.shop}?category=${system.slug}`}
                  onClick={oneClickOfADouble}
                  className="outline-none after:absolute after:inset-0 after:content-['']"
                >
                  {system.name}
                </Link>
              </h3>
              <p className="mt-1 text-sm text-slate-600">{system.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
