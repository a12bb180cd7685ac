import { formatPrice, paths, type Part } from '@autoparts/shared';
import { Link } from 'react-router';
import { FitsBadge } from './fits-badge';

interface PartCardProps {
  part: Part & { partNumber?: string };
  /** Whether the part fits the active vehicle, named by `vehicle`; left out without one. */
  fits?: boolean | undefined;
  vehicle?: string | undefined;
}

export function PartCard({ part, fits, vehicle }: PartCardProps) {
  return (
    <article className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <img
        src={part.img}
        alt={part.name}
        loading="lazy"
        width={400}
        height={300}
        className="aspect-[4/3] w-full bg-slate-50 object-contain p-4"
      />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h3 className="text-lg font-semibold text-ink">{part.name}</h3>
        {part.partNumber && <p className="text-sm text-slate-500">Part no. {part.partNumber}</p>}
        {fits !== undefined && vehicle && <FitsBadge fits={fits} vehicle={vehicle} />}
        <p className="flex-1 text-sm text-slate-600">{part.description}</p>
        <p className="text-xl font-bold text-brand-700">{formatPrice(part.price)}</p>
        <Link
          to={paths.part(part._id)}
          className="mt-2 inline-flex justify-center rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          aria-label={`Purchase Now: ${part.name}`}
        >
          Purchase Now
        </Link>
      </div>
    </article>
  );
}

export function PartCardSkeleton() {
  return (
    <div
      className="flex animate-pulse flex-col overflow-hidden rounded-xl border border-slate-200 bg-white"
      data-testid="part-skeleton"
    >
      <div className="aspect-[4/3] w-full bg-slate-200" />
      <div className="flex flex-col gap-3 p-5">
        <div className="h-5 w-2/3 rounded bg-slate-200" />
        <div className="h-3 w-full rounded bg-slate-200" />
        <div className="h-3 w-5/6 rounded bg-slate-200" />
        <div className="h-6 w-1/4 rounded bg-slate-200" />
        <div className="h-10 w-full rounded-lg bg-slate-200" />
      </div>
    </div>
  );
}
