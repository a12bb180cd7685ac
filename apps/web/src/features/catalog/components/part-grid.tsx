import { catalogueMessages, type Part } from '@autoparts/shared';
import { LoadFailed } from '../../../components/load-failed';
import { useGarage } from '../../../lib/garage';
import { useParts } from '../api/get-parts';
import { usePartApplications } from '../api/vehicles';
import { PartCard, PartCardSkeleton } from './part-card';

interface PartGridProps {
  /** Show only the first `limit` parts. */
  limit?: number;
  /** How many skeleton cards stand in while the parts load. */
  placeholders: number;
  label: string;
  /** Below 640 px, show only this many: a phone scrolls to the shop, not through a whole page of parts. */
  phoneLimit?: number;
}

/** Parts in a grid of 1, 2 and 3 columns at small, medium and large widths (SPEC §2). */
export function PartGrid({ limit, placeholders, label, phoneLimit }: PartGridProps) {
  const { data, isPending, isError, refetch } = useParts();
  const parts: Part[] = (limit === undefined ? data : data?.slice(0, limit)) ?? [];
  const { active } = useGarage();
  const applications = usePartApplications(active?._id, parts.map((part) => part._id));

  if (isPending) {
    return (
      <div className={gridClass} role="status" aria-label={`Loading ${label}`}>
        {Array.from({ length: placeholders }, (_, index) => (
          <PartCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (isError) {
    return <LoadFailed message={catalogueMessages.partsLoadFailed} onRetry={() => void refetch()} />;
  }
  if (parts.length === 0) {
    return <p className="text-center text-slate-600">No parts are on sale right now. Please check back soon.</p>;
  }
  return (
    <ul className={gridClass} aria-label={label}>
      {parts.map((part, index) => (
        <li key={part._id} className={phoneLimit !== undefined && index >= phoneLimit ? 'hidden sm:flex' : 'flex'}>
          <PartCard part={part} vehicle={active ?? undefined} applications={applications && (applications.get(part._id) ?? [])} />
        </li>
      ))}
    </ul>
  );
}

const gridClass = 'grid grid-cols-1 gap-3 sm:gap-6 md:grid-cols-2 lg:grid-cols-3 [&>li>article]:w-full';
