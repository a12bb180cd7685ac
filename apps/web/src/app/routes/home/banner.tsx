import { paths } from '@autoparts/shared';
import { Link } from 'react-router';

export function Banner() {
  return (
    <section aria-labelledby="banner-heading" className="bg-linear-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-7xl items-center gap-6 px-4 py-8 sm:gap-10 sm:py-12 md:grid-cols-2 md:py-20">
        <div>
          <h1
            id="banner-heading"
            className="text-4xl font-extrabold tracking-tight text-balance text-ink sm:text-5xl lg:text-6xl"
          >
            Get The Best Auto Parts For Hundreds Of Vehicles
          </h1>
          <p className="mt-5 max-w-xl text-lg text-slate-600">
            Brake pads, alternators, filters and more, made in our own plants and shipped straight from the
            factory to your workshop.
          </p>
          <Link
            to={paths.shop}
            className="mt-8 inline-flex items-center gap-2 rounded-lg bg-brand-700 px-6 py-3 text-lg font-semibold text-white shadow-sm hover:brightness-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            Explore Shop
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5">
              <path
                fillRule="evenodd"
                d="M3 10a1 1 0 0 1 1-1h9.6l-3.3-3.3a1 1 0 1 1 1.4-1.4l5 5a1 1 0 0 1 0 1.4l-5 5a1 1 0 0 1-1.4-1.4l3.3-3.3H4a1 1 0 0 1-1-1z"
              />
            </svg>
          </Link>
        </div>
        <img
          src="/images/hero.svg"
          alt=""
          width={800}
          height={500}
          fetchPriority="high"
          className="mx-auto h-auto w-3/5 sm:w-full"
        />
      </div>
    </section>
  );
}
