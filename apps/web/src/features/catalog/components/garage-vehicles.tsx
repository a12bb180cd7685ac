import { vehicleWithQualifiers, type Garage, type Vehicle } from '@autoparts/shared';
import { useId, type RefObject } from 'react';
import { oneClickOfADouble } from '../../../lib/double-click';

const buttonClass =
  'rounded-lg border px-3 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
const plainClass = 'border-slate-300 text-slate-700 hover:bg-slate-100';

interface GarageVehiclesProps {
  garage: Garage;
  /** Makes the vehicle the one shopped for (null: none). */
  shopFor: (vehicle: Vehicle | null) => void;
  removeAt: (index: number) => void;
  /** Each vehicle's button by its id, for the focus to go to once another is removed. */
  buttons: RefObject<Map<string, HTMLButtonElement>>;
}

/**
 * My Garage's vehicles, each a button pressed while it is the one shopped for (pressed again: none)
 * with its own Remove. Split from the vehicle selector (the home page's first script): a garage
 * is never in the server's page, so this loads once the buyer has a vehicle.
 */
export default function GarageVehicles({ garage, shopFor, removeAt, buttons }: GarageVehiclesProps) {
  const labelId = useId();
  return (
    <div className="mt-3">
      <p id={labelId} className="text-sm font-semibold text-slate-700">
        Your vehicles: press one to shop for it
      </p>
      <ul aria-labelledby={labelId} className="mt-1 space-y-2">
        {garage.vehicles.map((vehicle, index) => {
          const isActive = vehicle._id === garage.activeId;
          const name = vehicleWithQualifiers(vehicle);
          return (
            <li key={vehicle._id} className="flex items-stretch gap-2">
              <button
                type="button"
                aria-pressed={isActive}
                ref={(button) => {
                  if (button) buttons.current.set(vehicle._id, button);
                  else buttons.current.delete(vehicle._id);
                }}
                onClick={(event) => {
                  // Pressed again it is none: a double click is one press (decision 210).
                  oneClickOfADouble(event);
                  shopFor(isActive ? null : vehicle);
                }}
                className={`${buttonClass} flex min-w-0 flex-1 items-center justify-between gap-2 text-left ${isActive ? 'border-brand-700 bg-brand-50 text-brand-700' : plainClass}`}>
                <span className="min-w-0 break-words">{name}</span>
                {isActive && (
                  <span aria-hidden="true" className="shrink-0 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                    Active
                  </span>
                )}
              </button>
              <button
                type="button"
                aria-label={`Remove ${name}`}
                onClick={(event) => {
                  // The next vehicle moves up under the pointer: a double click removes this one only (decision 210).
                  oneClickOfADouble(event);
                  removeAt(index);
                }}
                className={`${buttonClass} shrink-0 ${plainClass}`}
              >
                Remove
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
