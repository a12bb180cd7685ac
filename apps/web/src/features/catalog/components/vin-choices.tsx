import { vehicleLabel, type Vehicle } from '@autoparts/shared';
import type { VinReply } from '../api/vehicles';

/**
 * What a VIN that pins no one vehicle answers: the vehicles of the catalogue it may be, each a
 * button, or that the shop lists none. Split from the vehicle selector (the home page's first
 * script): it loads once the shop has answered a VIN, into the selector's live region.
 */
export default function VinChoices({ reply, onChoose }: { reply: VinReply; onChoose: (vehicle: Vehicle) => void }) {
  const decoded = [reply.year, reply.make, reply.model].filter(Boolean).join(' ');
  if (reply.vehicles.length === 0) return <p className="mt-2 text-sm text-slate-700">Your VIN is a {decoded}. We do not list parts for that vehicle yet.</p>;
  return (
    <div className="mt-2 text-sm text-slate-700">
      <p>Your VIN is a {decoded}. {reply.model ? 'Which of these is it?' : 'Which model is it?'}</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {reply.vehicles.map((vehicle) => (
          <li key={vehicle._id}>
            <button
              type="button"
              onClick={() => onChoose(vehicle)}
              className="rounded-lg border border-brand-700 px-3 py-2 font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700">
              {vehicleLabel(vehicle)}
              {vehicle.engine ? ` ${vehicle.engine}` : ''}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
