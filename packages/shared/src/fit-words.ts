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
 * What the part's applications say of a vehicle (decision 079): the application that fits it
 * (base vehicle the same, its submodel and engine none or the vehicle's), or else one of its base
 * vehicle that names another submodel or engine. Told by the VCdb ids when both sides carry them,
 * as the server's `fitments` tells it (two engine bases may both be "1.4L I4"); by the words only
 * for a vehicle a browser kept from before the ids were sent.
 */
export function applicationFor(applications: readonly PartApplication[], vehicle: Vehicle): { fits?: PartApplication; other?: PartApplication } {
  const byIds = vehicle.baseVehicleId !== undefined && applications.every((application) => application.baseVehicleId !== undefined);
  const sameBase = applications.filter((application) =>
    byIds ? application.baseVehicleId === vehicle.baseVehicleId : application.year === vehicle.year && application.make === vehicle.make && application.model === vehicle.model,
  );
  const fits = sameBase.find((application) =>
    byIds
      ? (application.submodelId == null || application.submodelId === vehicle.submodelId) && (application.engineBaseId == null || application.engineBaseId === vehicle.engineBaseId)
      : (application.submodel === '' || application.submodel === vehicle.submodel) && (application.engine === '' || application.engine === vehicle.engine),
  );
  return fits ? { fits } : { other: sameBase[0] };
}

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
  const { fits, other } = applicationFor(applications, vehicle);
  if (fits) {
    const qualifier = qualifierOf(fits);
    const addition = [fits.position, qualifier && onlyWith(qualifier)].filter(Boolean).join(', ');
    return { verdict: 'fits', text: `Fits your ${label}${addition ? ` — ${addition}` : ''}`, notes: fits.notes };
  }
  if (other) {
    const yours = qualifierOf(vehicle);
    return { verdict: 'other', text: `Fits the ${label} ${onlyWith(qualifierOf(other))}${yours ? ` — not your ${yours}` : ''}`, notes: [] };
  }
  return { verdict: 'none', text: `Does not fit your ${label}`, notes: [] };
}
