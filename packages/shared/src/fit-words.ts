import type { PartApplication, Vehicle } from './catalogue';
import { vehicleLabel } from './catalogue-constants';

type Qualified = Pick<Vehicle, 'submodel' | 'engine'>;

/** A vehicle's or an application's submodel and engine in words ("XLT 3.5L V6"); '' for none (every one). */
export const qualifierOf = (qualified: Qualified) => [qualified.submodel, qualified.engine].filter(Boolean).join(' ');

/** What an application limited to a submodel or engine says of it: "with XLT 3.5L V6 only". */
export const onlyWith = (qualifier: string) => `with ${qualifier} only`;

/** A vehicle with the submodel and engine chosen for it: "2015 Ford F-150 XLT 3.5L V6", as a garage lists it. */
export const vehicleWithQualifiers = (vehicle: Vehicle) => [vehicleLabel(vehicle), qualifierOf(vehicle)].filter(Boolean).join(' ');

/**
 * What the part's applications say of a vehicle (decision 079): those that fit it (base vehicle
 * the same, their submodel and engine none or the vehicle's), or, when none does, those of its
 * base vehicle that name another submodel or engine. Told by the VCdb ids when both sides carry
 * them, as the server's `fitments` tells it (two engine bases may both be "1.4L I4"); by the words
 * only for a vehicle a browser kept from before the ids were sent.
 */
function applicationsFor(applications: readonly PartApplication[], vehicle: Vehicle): { fitting: PartApplication[]; others: PartApplication[] } {
  const byIds = vehicle.baseVehicleId !== undefined && applications.every((application) => application.baseVehicleId !== undefined);
  const sameBase = applications.filter((application) =>
    byIds ? application.baseVehicleId === vehicle.baseVehicleId : application.year === vehicle.year && application.make === vehicle.make && application.model === vehicle.model,
  );
  const fitting = sameBase.filter((application) =>
    byIds
      ? (application.submodelId == null || application.submodelId === vehicle.submodelId) && (application.engineBaseId == null || application.engineBaseId === vehicle.engineBaseId)
      : (application.submodel === '' || application.submodel === vehicle.submodel) && (application.engine === '' || application.engine === vehicle.engine),
  );
  return { fitting, others: fitting.length > 0 ? [] : sameBase };
}

/** Words once each, in the order first met. */
const once = <T>(words: T[]) => [...new Set(words)];

/** Whether a part fits a vehicle, in the words the part page and a part card both say (decision 083). */
export interface FitWords {
  /** `fits`: it does; `other`: only another submodel or engine of the same model; `none`: not that model at all. */
  verdict: 'fits' | 'other' | 'none';
  /** "Fits your 2015 Ford F-150 — Front, with 3.5L V6 only", "Fits the 2015 Ford F-150 with 2.7L V6 only — not your 3.5L V6", "Does not fit your 2015 Ford F-150". */
  text: string;
  /** The fitting application's notes from the manufacturer ("With Sport Package"). */
  notes: readonly string[];
}

/**
 * SPEC's "Fits your …" with the position and the submodel or engine the fitting application is
 * limited to, in words, never ids; a part for another engine or submodel of the model says so.
 */
export function fitWords(applications: readonly PartApplication[], vehicle: Vehicle): FitWords {
  const label = vehicleLabel(vehicle);
  const { fitting, others } = applicationsFor(applications, vehicle);
  const [fits] = fitting;
  if (fits) {
    // Every position it fits in (a part for the front and the rear axle is not a front part), and
    // "only" when every fitting application is limited to the vehicle's submodel or engine.
    const qualifier = fitting.every(qualifierOf) ? qualifierOf(fits) : '';
    const addition = [...once(fitting.map((application) => application.position)), qualifier && onlyWith(qualifier)].filter(Boolean).join(', ');
    return { verdict: 'fits', text: `Fits your ${label}${addition ? ` — ${addition}` : ''}`, notes: once(fitting.flatMap((application) => application.notes)) };
  }
  if (others.length > 0) {
    // Each submodel and engine it fits (in the API's order of them), so that none is said to be the only one:
    // "with 2.7L V6 or 5.0L V8 only", "with 2.7L V6, 5.0L V8 or Raptor 3.5L V6 only".
    const theirs = once(others.map(qualifierOf)).join(', ').replace(/, (?!.*, )/, ' or ');
    const yours = qualifierOf(vehicle);
    return { verdict: 'other', text: `Fits the ${label} ${onlyWith(theirs)}${yours ? ` — not your ${yours}` : ''}`, notes: [] };
  }
  return { verdict: 'none', text: `Does not fit your ${label}`, notes: [] };
}
