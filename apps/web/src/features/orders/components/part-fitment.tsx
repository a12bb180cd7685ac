import { fitWords, onlyWith, paths, qualifierOf, vehicleLabel, type PartDetail, type Vehicle } from '@autoparts/shared';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useGarage } from '../../../lib/garage';
import { usePartApplications } from '../../catalog/api/vehicles';
import { fitmentQuery } from '../api/get-part';

/** "2015–2018, 2020": a sorted list of years as runs. */
function yearRanges(years: number[]): string {
  const runs: Array<[number, number]> = [];
  for (const year of [...new Set(years)].sort((a, b) => a - b)) {
    const last = runs.at(-1);
    if (last && year === last[1] + 1) last[1] = year;
    else runs.push([year, year]);
  }
  return runs.map(([from, to]) => (from === to ? String(from) : `${from}–${to}`)).join(', ');
}

/**
 * The vehicles grouped by make, model and the submodel or engine an application is limited to
 * (`only`, '' for every one of the model), each with its years as ranges: a part for the F-150's
 * 3.5L V6 alone is not listed as fitting every F-150 of those years.
 */
function groupFitment(vehicles: Vehicle[]): Array<{ make: string; model: string; only: string; years: string }> {
  // By make and model in the order given (the API's), then by what a row is limited to, none first.
  const models = new Map<string, Map<string, { make: string; model: string; only: string; years: number[] }>>();
  for (const vehicle of vehicles) {
    const key = `${vehicle.make}\u0000${vehicle.model}`;
    const groups = models.get(key) ?? new Map<string, { make: string; model: string; only: string; years: number[] }>();
    const only = qualifierOf(vehicle);
    const group = groups.get(only) ?? { make: vehicle.make, model: vehicle.model, only, years: [] };
    group.years.push(vehicle.year);
    groups.set(only, group);
    models.set(key, groups);
  }
  return [...models.values()].flatMap((groups) =>
    [...groups.values()]
      .sort((a, b) => a.only.localeCompare(b.only, 'en', { numeric: true }))
      .map((group) => ({ make: group.make, model: group.model, only: group.only, years: yearRanges(group.years) })),
  );
}

/** The vehicles the part fits, as the signed-in part page loads them. */
export function PartFitment({ part }: { part: Pick<PartDetail, '_id'> }) {
  const fitment = useQuery(fitmentQuery(part._id));

  return (
    <FitmentSection>
      {fitment.isPending ? (
        <p role="status" className="mt-2 text-slate-600">
          Loading the vehicles…
        </p>
      ) : fitment.isError ? (
        <p role="alert" className="mt-2 text-red-700">
          The vehicle list could not be loaded.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void fitment.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <FitmentTable vehicles={fitment.data} />
      )}
    </FitmentSection>
  );
}

/** "Vehicles this part fits", around what it holds (the public part page passes its table in). */
export function FitmentSection({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="fitment-heading" className="mt-10">
      <h2 id="fitment-heading" className="text-xl font-bold text-ink">
        Vehicles this part fits
      </h2>
      {children}
    </section>
  );
}

/** The vehicles grouped by make, model and what they are limited to, with their years; a sentence when there are none. */
export function FitmentTable({ vehicles }: { vehicles: Vehicle[] }) {
  if (vehicles.length === 0) return <p className="mt-2 text-slate-600">No vehicles are listed for this part yet.</p>;
  return (
    <div className="mt-3 max-w-2xl overflow-x-auto">
      <table className="w-full text-left text-slate-700">
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-2 pr-4">Make</th>
            <th scope="col" className="py-2 pr-4">Model</th>
            <th scope="col" className="py-2">Years</th>
          </tr>
        </thead>
        <tbody>
          {groupFitment(vehicles).map((group) => (
            <tr key={`${group.make}-${group.model}-${group.only}`} className="border-b border-slate-100">
              <td className="py-2 pr-4">{group.make}</td>
              <td className="py-2 pr-4">
                {group.model}
                {group.only && <span className="block text-sm text-slate-600">{` ${onlyWith(group.only)}`}</span>}
              </td>
              <td className="py-2">{group.years}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type VerdictPart = Pick<PartDetail, '_id' | 'category'>;

/**
 * Whether the part fits the garage's active vehicle, beside the price (on a phone the order form
 * follows the details, and a verdict below it would come after the buyer has decided): SPEC's
 * "Fits your …", then the position and the engine or submodel it is limited to; nothing without
 * an active vehicle. The part's applications on that vehicle's base vehicle are asked of the
 * vehicle, as a card's are (decision 083): the page does not carry the part's every application,
 * thousands for a part that fits many vehicles (decision 173). Nothing until they are there.
 */
export function FitVerdict({ part }: { part: VerdictPart }) {
  const { active } = useGarage();
  const answer = usePartApplications(active?._id, [part._id]);
  // A live region on the page from the first paint, empty without a vehicle: one added with its
  // words is seldom read (decision 044), and a vehicle chosen on this page is answered here.
  return (
    <div role="status" data-testid="fit-verdict">
      {active && answer && <FitsNotice part={part} active={active} applications={answer.get(part._id) ?? []} />}
    </div>
  );
}

function FitsNotice({ part, active, applications }: { part: VerdictPart; active: Vehicle; applications: PartDetail['applications'] }) {
  const label = vehicleLabel(active);
  const { verdict, text, notes } = fitWords(applications, active);
  const fitting = new URLSearchParams({ vehicle: active._id, ...(part.category ? { category: part.category.slug } : {}) });
  if (verdict === 'fits') {
    return (
      <div className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-green-800">
        <p className="font-semibold">{text}</p>
        {notes.length > 0 && <p>{notes.join('. ')}</p>}
      </div>
    );
  }
  return (
    <div className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900">
      <p className="font-semibold">{text}</p>
      <Link to={`${paths.shop}?${fitting.toString()}`} className="inline-block font-semibold text-brand-700 underline">
        {part.category ? `${part.category.name} parts that fit your ${label}` : `Parts that fit your ${label}`}
      </Link>
    </div>
  );
}
