import { catalogueMessages, formatPrice, paths, type Part, type PartApplication, type Vehicle } from '@autoparts/shared';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { PartImage } from '../../../components/part-image';
import { ListPrice } from '../../../components/list-price';

// Never in a page drawn on the server (it knows no garage): loaded once a card has a vehicle's answer.
const FitsBadge = lazy(() => import('./fits-badge'));

interface PartCardProps {
  /** `replaces`: the part's older numbers (a search by one finds it), said as "Replaces …". */
  part: Part & { partNumber?: string; replaces?: readonly string[] };
  /** The active vehicle, and the part's applications on its base vehicle (none: it does not fit); left out without one or until loaded. */
  vehicle?: Vehicle | undefined;
  applications?: readonly PartApplication[] | undefined;
  /**
   * Why the part cannot be ordered, said in place of 'Purchase Now' (search still finds a part no
   * longer made). Words the list passes, so that the home page's cards load none of them.
   */
  unavailable?: string | undefined;
}

/**
 * A part in the shop's lists (SPEC §2): image, name, part number, whether it fits the active
 * vehicle (as the part page says it), description, price and 'Purchase Now'; the name (and the card around it) opens the
 * part's public page. Below 640 px it is a compact row — a small image beside two lines of
 * description — so a phone scrolls through the catalogue, not through one part at a time.
 */
export function PartCard({ part, vehicle, applications, unavailable }: PartCardProps) {
  // The name opens the part's public page; its link is stretched over the whole card, so the
  // photo opens it too, with one link for a screen reader and one tab stop ('Purchase Now' sits above it).
  const page = part.partNumber ? paths.partPage(part.partNumber) : undefined;
  return (
    <article className="relative flex overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md sm:flex-col">
      <PartImage
        src={part.img}
        alt={part.name}
        width={400}
        height={300}
        sizes="(min-width: 640px) 400px, 112px"
        className="aspect-square w-28 shrink-0 bg-slate-50 object-contain p-2 sm:aspect-[4/3] sm:w-full sm:p-4"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1 p-3 sm:gap-2 sm:p-5">
        <h3 className="font-semibold text-ink [overflow-wrap:anywhere] sm:text-lg">
          {page ? (
            <Link
              to={page}
              className="after:absolute after:inset-0 after:content-[''] hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              {part.name}
            </Link>
          ) : (
            part.name
          )}
        </h3>
        {part.partNumber && <p className="text-sm text-slate-500">{`Part no. ${part.partNumber}`}</p>}
        {part.replaces && part.replaces.length > 0 && <p className="text-sm font-medium text-slate-700">{catalogueMessages.replaces(part.replaces)}</p>}
        {vehicle && applications && (
          <Suspense>
            <FitsBadge applications={applications} vehicle={vehicle} />
          </Suspense>
        )}
        <p className="line-clamp-2 flex-1 text-sm text-slate-600 sm:line-clamp-none">{part.description}</p>
        <div className="flex flex-wrap items-center justify-between gap-2 sm:flex-col sm:items-stretch">
          <p className="text-lg font-bold text-brand-700 sm:text-xl">
            {formatPrice(part.price)} <ListPrice listPrice={part.listPrice} className="text-sm" />
          </p>
          {unavailable ? (
            <p className="font-semibold text-red-700 sm:mt-2">{unavailable}</p>
          ) : (
            <Link
              to={paths.part(part._id)}
              className="relative z-10 inline-flex justify-center rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:mt-2 sm:px-4 sm:py-2 sm:text-base"
              aria-label={`Purchase Now: ${part.name}`}
            >
              Purchase Now
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}

export function PartCardSkeleton() {
  return (
    <div
      className="flex motion-safe:animate-pulse overflow-hidden rounded-xl border border-slate-200 bg-white sm:flex-col"
      data-testid="part-skeleton"
    >
      <div className="aspect-square w-28 shrink-0 bg-slate-200 sm:aspect-[4/3] sm:w-full" />
      <div className="flex flex-1 flex-col gap-3 p-3 sm:p-5">
        <div className="h-5 w-2/3 rounded bg-slate-200" />
        <div className="h-3 w-full rounded bg-slate-200" />
        <div className="h-3 w-5/6 rounded bg-slate-200" />
        <div className="h-6 w-1/4 rounded bg-slate-200" />
        <div className="h-10 w-full rounded-lg bg-slate-200" />
      </div>
    </div>
  );
}
