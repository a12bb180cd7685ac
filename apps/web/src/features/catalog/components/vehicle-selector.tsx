import { catalogueMessages, vehicleLabel, vehicleWithQualifiers, vinProblem, type Vehicle } from '@autoparts/shared';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { SelectField } from '../../../components/select-field';
import { ignoredWhilePending } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { customerMessage } from '../../../lib/api-client';
import { useChoiceBeforeHydration } from '../../../lib/choice-before-hydration';
import { useGarage } from '../../../lib/garage';
import { decodeVin, useVehicleMakes, useVehicleModels, useVehicleOptions, useVehicleYears, type VinReply } from '../api/vehicles';

const GarageVehicles = lazy(() => import('./garage-vehicles'));
const VinChoices = lazy(() => import('./vin-choices'));
// Loaded once a list has failed; without the network to load it, the alert says so alone.
const VehicleListFailed = lazy(() =>
  import('./vehicle-list-failed').catch(() => ({
    default: () => (
      <p role="alert" className="mt-2 text-sm text-red-700">
        The vehicle list could not be loaded. Please try again.
      </p>
    ),
  })),
);

const buttonClass =
  'rounded-lg px-3 py-2 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60';

/**
 * Year → Make → Model, "Find by VIN" and My Garage: the vehicle the shop answers "does it
 * fit?" for. Each select lists only what the catalogue has. The garage lists its vehicles, each
 * one pressed to shop for it (pressed again, none) and with its own Remove.
 */
export function VehicleSelector({ className = '', onChoose }: { className?: string; onChoose?: (vehicle: Vehicle | null) => void }) {
  const { garage, active, unsaved, add, replace, setActive, remove } = useGarage();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const vehicleButtons = useRef(new Map<string, HTMLButtonElement>());
  // The picker shows the vehicle it chose while that one is what the buyer shops for: a vehicle
  // made active another way (a VIN, the garage's list) starts it afresh, rather than leave it
  // naming (and asking the engine of) a vehicle that is not the one shopped for.
  const [picker, setPicker] = useState<{ round: number; shows?: string }>({ round: 0 });
  const startPickerOver = () => setPicker((now) => ({ round: now.round + 1 }));

  const pickerChose = (vehicle: Vehicle, replacing?: string) => {
    if (replacing) replace(replacing, vehicle);
    else add(vehicle);
    setPicker((now) => ({ ...now, shows: vehicle._id }));
    onChoose?.(vehicle);
  };
  const vinChose = (vehicle: Vehicle) => {
    add(vehicle);
    startPickerOver();
    onChoose?.(vehicle);
  };
  const shopFor = (vehicle: Vehicle | null) => {
    setActive(vehicle);
    if (picker.shows !== undefined && picker.shows !== vehicle?._id) startPickerOver();
    onChoose?.(vehicle);
  };
  const removeAt = (index: number) => {
    const vehicle = garage.vehicles[index];
    if (!vehicle) return;
    // The focus goes to the next vehicle (the one before, after the last), or to the heading.
    const next = garage.vehicles[index + 1] ?? garage.vehicles[index - 1];
    (next ? vehicleButtons.current.get(next._id) : heading.current)?.focus();
    remove(vehicle);
    if (picker.shows === vehicle._id) startPickerOver();
    if (vehicle._id === garage.activeId) onChoose?.(null);
  };

  return (
    <section aria-labelledby={headingId} className={`rounded-xl border border-slate-200 bg-white p-4 shadow-sm ${className}`}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="text-lg font-bold text-ink focus:outline-none">
        My Garage
      </h2>
      {/* On the page from the first paint, so that what it comes to say is read out. */}
      <p className="mt-1 text-slate-700" aria-live="polite">
        {active && (
          <>
            Shopping for your <strong data-testid="active-vehicle">{vehicleWithQualifiers(active)}</strong>
          </>
        )}
      </p>
      {!active && <p className="mt-1 text-sm text-slate-600">Choose your vehicle to see which parts fit it.</p>}
      {garage.vehicles.length > 0 && (
        // Never in the server's page (it has no garage), so it loads once there is a vehicle.
        <Suspense>
          <GarageVehicles garage={garage} shopFor={shopFor} removeAt={removeAt} buttons={vehicleButtons} />
        </Suspense>
      )}
      {unsaved && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {catalogueMessages.garageNotSaved[unsaved.change.kind](vehicleWithQualifiers(unsaved.change.vehicle))}{' '}
          {customerMessage(unsaved.error) ?? catalogueMessages.garageTryAgain}
        </p>
      )}
      <YearMakeModel
        key={picker.round}
        onChoose={pickerChose}
        isInGarage={(id) => garage.vehicles.some((vehicle) => vehicle._id === id)}
        notSaved={unsaved?.change.kind === 'add' ? { id: unsaved.change.vehicle._id, error: unsaved.error } : undefined}
      />
      <VinFinder onChoose={vinChose} />
    </section>
  );
}

/**
 * The chosen model stays chosen, the selects enabled: a keyboard's arrow keys change a closed
 * select at each press, so focus stays on Model (or Submodel, Engine) and each press swaps the
 * vehicle it just added (one that was in the garage before stays there) instead of filling the garage.
 * Where the model's applications tell submodels or engines apart, a Submodel and an Engine select
 * follow, and the vehicle becomes the configuration chosen (decision 083).
 */
function YearMakeModel({
  onChoose,
  isInGarage,
  notSaved,
}: {
  onChoose: (vehicle: Vehicle, replacing?: string) => void;
  isInGarage: (id: string) => boolean;
  /** The vehicle the account's garage did not save, with the failure (each one acted on once). */
  notSaved?: { id: string; error: unknown } | undefined;
}) {
  const [year, setYear] = useState<number>();
  const [make, setMake] = useState('');
  const [baseId, setBaseId] = useState('');
  const [submodel, setSubmodel] = useState('');
  const [engine, setEngine] = useState('');
  const [chosen, setChosen] = useState<{ id: string; added: boolean }>();
  const years = useVehicleYears();
  const makes = useVehicleMakes(year);
  const models = useVehicleModels(year, make);
  const base = models.data?.find((option) => option._id === baseId);
  const options = useVehicleOptions(base);
  const lists = [years, makes, models, options];
  // A list that failed and has not answered since: while Try again asks it again too.
  const failed = lists.some((list) => list.errorUpdatedAt > list.dataUpdatedAt);
  const startOver = () => {
    setBaseId('');
    setSubmodel('');
    setEngine('');
    setChosen(undefined);
  };
  // The model chosen was not saved: it is chosen no more (year and make stay, and the focus), so
  // that choosing it again sends it again.
  const [failureSeen, setFailureSeen] = useState<unknown>();
  if (notSaved && notSaved.error !== failureSeen) {
    setFailureSeen(notSaved.error);
    if (chosen?.id === notSaved.id) startOver();
  }
  const chooseYear = (value: string) => {
    setYear(value ? Number(value) : undefined);
    setMake('');
    startOver();
  };
  // The page is sent with the years: one can be picked before the app has hydrated the select.
  const yearChosenEarly = useChoiceBeforeHydration<HTMLSelectElement>((select) => chooseYear(select.value));
  const pick = (vehicle: Vehicle) => {
    const added = !isInGarage(vehicle._id);
    onChoose(vehicle, chosen?.added && chosen.id !== vehicle._id ? chosen.id : undefined);
    setChosen({ id: vehicle._id, added: added || (chosen?.added === true && chosen.id === vehicle._id) });
  };
  const configuration = (wantedSubmodel: string, wantedEngine: string) =>
    options.data?.vehicles.find((vehicle) => vehicle.submodel === wantedSubmodel && vehicle.engine === wantedEngine);
  // The engines there are for the submodel chosen (all of them for any submodel).
  const engines = options.data?.engines.filter((option) => configuration(submodel, option)) ?? [];
  const chooseSubmodel = (value: string) => {
    // An engine the new submodel does not come with goes back to any engine.
    const keptEngine = configuration(value, engine) ? engine : '';
    const vehicle = configuration(value, keptEngine);
    if (!vehicle) return;
    setSubmodel(value);
    setEngine(keptEngine);
    pick(vehicle);
  };
  const chooseEngine = (value: string) => {
    const vehicle = configuration(submodel, value);
    if (!vehicle) return;
    setEngine(value);
    pick(vehicle);
  };
  const narrows = base !== undefined && options.data !== undefined && (options.data.submodels.length > 0 || engines.length > 0);

  return (
    <fieldset className="mt-4">
      <legend className="text-sm font-semibold text-slate-700">Add a vehicle</legend>
      <div className="mt-1 grid grid-cols-3 gap-2">
        <SelectField
          label="Year"
          ref={yearChosenEarly}
          value={year ?? ''}
          disabled={!years.data}
          onChange={(event) => chooseYear(event.target.value)}
          options={[{ value: '', label: years.isPending ? 'Loading…' : 'Year' }, ...(years.data ?? []).map((option) => ({ value: String(option), label: String(option) }))]}
        />
        <SelectField
          label="Make"
          value={make}
          disabled={!makes.data}
          onChange={(event) => {
            setMake(event.target.value);
            startOver();
          }}
          options={[{ value: '', label: year && makes.isPending ? 'Loading…' : 'Make' }, ...(makes.data ?? []).map((option) => ({ value: option, label: option }))]}
        />
        <SelectField
          label="Model"
          value={baseId}
          disabled={!models.data}
          onChange={(event) => {
            const vehicle = models.data?.find((option) => option._id === event.target.value);
            if (!vehicle) return;
            setBaseId(vehicle._id);
            setSubmodel('');
            setEngine('');
            pick(vehicle);
          }}
          options={[
            { value: '', label: make && models.isPending ? 'Loading…' : 'Model' },
            ...(models.data ?? []).map((option) => ({ value: option._id, label: option.engine ? `${option.model} ${option.engine}` : option.model })),
          ]}
        />
      </div>
      <div aria-live="polite">
        {base && options.isPending && (
          <p role="status" className="mt-2 text-sm text-slate-600">
            Looking up the submodels and engines…
          </p>
        )}
        {narrows && (
          <p className="mt-2 text-sm text-slate-700">
            Parts for the {vehicleLabel(base)} differ by {options.data.submodels.length > 0 && engines.length > 0 ? 'submodel and engine' : options.data.submodels.length > 0 ? 'submodel' : 'engine'}: choose yours, or leave it at any.
          </p>
        )}
      </div>
      {narrows && (
        <div className="mt-2 grid grid-cols-2 gap-2">
          {options.data.submodels.length > 0 && (
            <SelectField
              label="Submodel"
              value={submodel}
              onChange={(event) => chooseSubmodel(event.target.value)}
              options={[{ value: '', label: 'Any submodel' }, ...options.data.submodels.map((option) => ({ value: option, label: option }))]}
            />
          )}
          {engines.length > 0 && (
            <SelectField
              label="Engine"
              value={engine}
              onChange={(event) => chooseEngine(event.target.value)}
              options={[{ value: '', label: 'Any engine' }, ...engines.map((option) => ({ value: option, label: option }))]}
            />
          )}
        </div>
      )}
      {failed && (
        <Suspense>
          <VehicleListFailed lists={lists} />
        </Suspense>
      )}
    </fieldset>
  );
}

function VinFinder({ onChoose }: { onChoose: (vehicle: Vehicle) => void }) {
  const [vin, setVin] = useState('');
  const [problem, setProblem] = useState<string>();
  // Each refusal (ours or the shop's) takes the focus to the field, which reads its message. A VIN
  // typed into it before the app hydrated the finder, and not yet sent, the app takes (decision 208).
  const [refusals, setRefusals] = useState(0);
  const field = useChoiceBeforeHydration<HTMLInputElement>((input) => setVin(input.value));
  useEffect(() => {
    if (refusals > 0) field.current?.focus();
  }, [refusals, field]);
  const decode = useMutation({
    mutationFn: decodeVin,
    onSuccess: (reply) => {
      const only = vinPinsVehicle(reply);
      if (only) {
        onChoose(only);
        setVin('');
      }
    },
    onError: () => setRefusals((count) => count + 1),
  });

  /**
   * A form action (React's): sent before the app has hydrated, the form is held by React's replay
   * script and acted on once hydrated, with the VIN as typed (decision 038).
   */
  function find(form: FormData) {
    if (decode.isPending) return;
    const typed = String(form.get('vin') ?? '');
    setVin(typed);
    const found = vinProblem(typed);
    setProblem(found);
    // The last VIN's vehicles must not stand under the new one's error as if they were its answer.
    if (found) {
      decode.reset();
      setRefusals((count) => count + 1);
    } else decode.mutate(typed);
  }

  return (
    <details className="mt-4">
      <summary className="cursor-pointer rounded text-sm font-semibold text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700">
        Know your VIN? Find your vehicle by it
      </summary>
      <form action={find} noValidate className="mt-2" aria-label="Find by VIN">
        <div className="flex items-start gap-2">
          <TextField
            ref={field}
            label="Find by VIN"
            name="vin"
            className="min-w-0 flex-1"
            value={vin}
            maxLength={40}
            autoComplete="off"
            spellCheck={false}
            hint="17 characters, on the windscreen or the registration"
            error={problem ?? (decode.isError ? (customerMessage(decode.error) ?? catalogueMessages.vinLookupFailed) : undefined)}
            onChange={(event) => setVin(event.target.value)}
          />
          {/* aria-disabled, not disabled, while it looks: Chromium drops a disabled button's focus. */}
          <button
            type="submit"
            aria-disabled={decode.isPending || undefined}
            aria-busy={decode.isPending}
            onClick={ignoredWhilePending(decode.isPending)}
            className={`${buttonClass} mt-6 bg-brand-700 text-white hover:bg-brand-600 aria-disabled:opacity-60`}>
            {decode.isPending ? 'Finding…' : 'Find'}
          </button>
        </div>
        {/* On the page before the shop answers, so that what it answers is read out (decision 126). */}
        <div aria-live="polite" data-testid="vin-answer">
          {decode.data && !vinPinsVehicle(decode.data) && (
            <Suspense>
              <VinChoices
                reply={decode.data}
                onChoose={(vehicle) => {
                  // The choices go with the choice: the focus goes back to the (emptied) field.
                  field.current?.focus();
                  onChoose(vehicle);
                  decode.reset();
                  setVin('');
                }}
              />
            </Suspense>
          )}
        </div>
      </form>
    </details>
  );
}

/** The one vehicle a VIN stands for: its model decoded, and listed in the catalogue once. */
function vinPinsVehicle(reply: VinReply): Vehicle | undefined {
  const [only, ...others] = reply.vehicles;
  return reply.model && only && others.length === 0 && only.model === reply.model ? only : undefined;
}
