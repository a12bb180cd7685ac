import { catalogueMessages, type Vehicle } from '@autoparts/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderRoutes } from '../../../test/render-with-router';
import { signedOutReply } from '../../../test/users';
import { VehicleSelector } from './vehicle-selector';

const camry: Vehicle = { _id: 'v-camry', year: 2019, make: 'Toyota', model: 'Camry', submodel: '', engine: '' };
const corolla: Vehicle = { _id: 'v-corolla', year: 2019, make: 'Toyota', model: 'Corolla', submodel: '', engine: '1.8 L' };
const civic: Vehicle = { _id: 'v-civic', year: 2020, make: 'Honda', model: 'Civic', submodel: '', engine: '' };

/** The catalogue's lists: 2019 has Toyota and Honda, 2020 only Honda. */
const catalogue = {
  'GET /api/me': signedOutReply,
  'GET /api/vehicles/years': { body: [2020, 2019] },
  'GET /api/vehicles/makes?year=2019': { body: ['Honda', 'Toyota'] },
  'GET /api/vehicles/makes?year=2020': { body: ['Honda'] },
  'GET /api/vehicles/models?year=2019&make=Toyota': { body: [camry, corolla] },
  'GET /api/vehicles/models?year=2020&make=Honda': { body: [civic] },
  // Their applications tell no submodels or engines apart.
  'GET /api/vehicles/options?*': { body: { submodels: [], engines: [], vehicles: [] } },
};

const optionsOf = (label: string) => Array.from((screen.getByLabelText(label) as HTMLSelectElement).options).map((option) => option.text);

function renderSelector() {
  return renderRoutes([{ path: '/', element: <VehicleSelector /> }]);
}

describe('the vehicle selector: Year → Make → Model', () => {
  it('lists only what the catalogue has, each select waiting for the one before', async () => {
    const user = userEvent.setup();
    const server = stubFetch(catalogue);
    renderSelector();

    await waitFor(() => expect(screen.getByLabelText('Year')).toBeEnabled());
    expect(optionsOf('Year')).toEqual(['Year', '2020', '2019']);
    expect(screen.getByLabelText('Make')).toBeDisabled();
    expect(screen.getByLabelText('Model')).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Year'), '2019');
    await waitFor(() => expect(screen.getByLabelText('Make')).toBeEnabled());
    expect(optionsOf('Make')).toEqual(['Make', 'Honda', 'Toyota']);
    expect(screen.getByLabelText('Model')).toBeDisabled();

    await user.selectOptions(screen.getByLabelText('Make'), 'Toyota');
    await waitFor(() => expect(screen.getByLabelText('Model')).toBeEnabled());
    // An engine, where the catalogue has one, tells two vehicles of a model apart.
    expect(optionsOf('Model')).toEqual(['Model', 'Camry', 'Corolla 1.8 L']);
    expect(server.paths()).toEqual(
      expect.arrayContaining(['GET /api/vehicles/makes?year=2019', 'GET /api/vehicles/models?year=2019&make=Toyota']),
    );
  });

  it('a new year starts the make again; choosing a model makes it the active vehicle and keeps it chosen', async () => {
    const user = userEvent.setup();
    stubFetch(catalogue);
    renderSelector();
    await waitFor(() => expect(screen.getByLabelText('Year')).toBeEnabled());

    await user.selectOptions(screen.getByLabelText('Year'), '2019');
    await waitFor(() => expect(screen.getByLabelText('Make')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Make'), 'Toyota');
    await user.selectOptions(screen.getByLabelText('Year'), '2020');
    expect(screen.getByLabelText('Make')).toHaveValue('');
    expect(screen.getByLabelText('Model')).toBeDisabled();

    await waitFor(() => expect(optionsOf('Make')).toEqual(['Make', 'Honda']));
    await user.selectOptions(screen.getByLabelText('Make'), 'Honda');
    await waitFor(() => expect(screen.getByLabelText('Model')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Model'), 'Civic');

    expect(screen.getByTestId('active-vehicle')).toHaveTextContent('2020 Honda Civic');
    expect(screen.getByLabelText('Year')).toHaveValue('2020');
    expect(screen.getByLabelText('Model')).toHaveValue('v-civic');
    expect(screen.getByLabelText('Model')).toBeEnabled();
    // A visitor's garage is kept in the browser.
    expect(JSON.parse(localStorage.getItem('autoparts.garage') ?? '{}')).toEqual({ vehicles: [civic], activeId: 'v-civic' });
  });

  it('keeps focus on Model while the keyboard changes it, each change swapping the vehicle it added', async () => {
    const user = userEvent.setup();
    stubFetch(catalogue);
    localStorage.setItem('autoparts.garage', JSON.stringify({ vehicles: [civic], activeId: 'v-civic' }));
    renderSelector();
    await waitFor(() => expect(screen.getByLabelText('Year')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Year'), '2019');
    await waitFor(() => expect(screen.getByLabelText('Make')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Make'), 'Toyota');
    const model = screen.getByLabelText('Model');
    await waitFor(() => expect(model).toBeEnabled());

    // A closed select's arrow keys choose at each press, as Chromium does on Linux and Windows.
    model.focus();
    await user.selectOptions(model, 'v-camry');
    expect(screen.getByTestId('active-vehicle')).toHaveTextContent('2019 Toyota Camry');
    await user.selectOptions(model, 'v-corolla');
    expect(screen.getByTestId('active-vehicle')).toHaveTextContent('2019 Toyota Corolla');
    expect(model).toBeEnabled();
    expect(model).toHaveFocus();
    // Camry was only passed over: the garage holds the vehicle it had and the one chosen.
    expect(JSON.parse(localStorage.getItem('autoparts.garage') ?? '{}')).toEqual({ vehicles: [corolla, civic], activeId: 'v-corolla' });
  });

  it('says so when a list cannot be loaded', async () => {
    stubFetch({ ...catalogue, 'GET /api/vehicles/years': { status: 500, body: { message: 'Server error' } } });
    renderSelector();

    expect(await screen.findByRole('alert')).toHaveTextContent('The vehicle list could not be loaded. Please try again.');
    expect(screen.getByLabelText('Year')).toBeDisabled();
  });
});

describe('the vehicle selector: Submodel and Engine where the parts differ', () => {
  const f150: Vehicle = { _id: 'v-f150', year: 2015, make: 'Ford', model: 'F-150', submodel: '', engine: '' };
  const config = (id: string, submodel: string, engine: string): Vehicle => ({ ...f150, _id: id, submodel, engine });
  const options = {
    submodels: ['Lariat', 'XLT'],
    engines: ['2.7L V6', '3.5L V6'],
    vehicles: [
      f150,
      config('v-27', '', '2.7L V6'),
      config('v-35', '', '3.5L V6'),
      config('v-lariat', 'Lariat', ''),
      config('v-xlt', 'XLT', ''),
      config('v-lariat-35', 'Lariat', '3.5L V6'),
      config('v-xlt-27', 'XLT', '2.7L V6'),
      config('v-xlt-35', 'XLT', '3.5L V6'),
    ],
  };
  const fords = {
    ...catalogue,
    'GET /api/vehicles/years': { body: [2015] },
    'GET /api/vehicles/makes?year=2015': { body: ['Ford'] },
    'GET /api/vehicles/models?year=2015&make=Ford': { body: [f150] },
    'GET /api/vehicles/options?year=2015&make=Ford&model=F-150': { body: options },
  };
  const garage = () => JSON.parse(localStorage.getItem('autoparts.garage') ?? '{}') as { vehicles: Vehicle[]; activeId: string };

  async function chooseF150(user: ReturnType<typeof userEvent.setup>) {
    await waitFor(() => expect(screen.getByLabelText('Year')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Year'), '2015');
    await waitFor(() => expect(screen.getByLabelText('Make')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Make'), 'Ford');
    await waitFor(() => expect(screen.getByLabelText('Model')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Model'), 'F-150');
  }

  it('offers the submodels and engines the applications tell apart, and makes the chosen configuration the vehicle', async () => {
    const user = userEvent.setup();
    const server = stubFetch(fords);
    renderSelector();
    await chooseF150(user);

    expect(screen.getByTestId('active-vehicle')).toHaveTextContent('2015 Ford F-150');
    expect(await screen.findByLabelText('Engine')).toBeEnabled();
    expect(server.paths()).toContain('GET /api/vehicles/options?year=2015&make=Ford&model=F-150');
    expect(screen.getByText('Parts for the 2015 Ford F-150 differ by submodel and engine: choose yours, or leave it at any.')).toBeInTheDocument();
    expect(optionsOf('Submodel')).toEqual(['Any submodel', 'Lariat', 'XLT']);
    expect(optionsOf('Engine')).toEqual(['Any engine', '2.7L V6', '3.5L V6']);

    // The engine swaps the base vehicle it added for the configuration, focus staying on Engine.
    const engine = screen.getByLabelText('Engine');
    engine.focus();
    await user.selectOptions(engine, '3.5L V6');
    expect(screen.getByTestId('active-vehicle')).toHaveTextContent('2015 Ford F-150 3.5L V6');
    expect(garage()).toEqual({ vehicles: [config('v-35', '', '3.5L V6')], activeId: 'v-35' });
    expect(engine).toHaveFocus();

    // A Lariat comes only with the 3.5L: the engine is kept and the list narrows to it.
    await user.selectOptions(screen.getByLabelText('Submodel'), 'Lariat');
    expect(garage()).toEqual({ vehicles: [config('v-lariat-35', 'Lariat', '3.5L V6')], activeId: 'v-lariat-35' });
    expect(optionsOf('Engine')).toEqual(['Any engine', '3.5L V6']);
    expect(screen.getByLabelText('Model')).toHaveValue('v-f150');

    // An XLT with a 2.7L, then back to any engine of an XLT.
    await user.selectOptions(screen.getByLabelText('Submodel'), 'XLT');
    await user.selectOptions(screen.getByLabelText('Engine'), '2.7L V6');
    expect(screen.getByTestId('active-vehicle')).toHaveTextContent('2015 Ford F-150 XLT 2.7L V6');
    await user.selectOptions(screen.getByLabelText('Engine'), 'Any engine');
    expect(garage()).toEqual({ vehicles: [config('v-xlt', 'XLT', '')], activeId: 'v-xlt' });
    // The garage's list tells configurations of one model apart.
    expect(optionsOf('Active vehicle')).toEqual(['None', '2015 Ford F-150 XLT']);
  });

  it('a submodel the chosen engine does not come with takes any engine', async () => {
    const user = userEvent.setup();
    stubFetch(fords);
    renderSelector();
    await chooseF150(user);
    await user.selectOptions(await screen.findByLabelText('Engine'), '2.7L V6');
    await user.selectOptions(screen.getByLabelText('Submodel'), 'Lariat');

    expect(screen.getByLabelText('Engine')).toHaveValue('');
    expect(garage().activeId).toBe('v-lariat');
  });

  it('shows no extra select where the applications do not tell them apart', async () => {
    const user = userEvent.setup();
    const server = stubFetch({ ...fords, 'GET /api/vehicles/options?year=2015&make=Ford&model=F-150': { body: { submodels: [], engines: [], vehicles: [f150] } } });
    renderSelector();
    await chooseF150(user);

    await waitFor(() => expect(server.paths()).toContain('GET /api/vehicles/options?year=2015&make=Ford&model=F-150'));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByLabelText('Submodel')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Engine')).not.toBeInTheDocument();
    expect(screen.getByTestId('active-vehicle')).toHaveTextContent('2015 Ford F-150');
  });

  it('says the lookup is under way, and when it fails', async () => {
    const user = userEvent.setup();
    let fail = () => {};
    const failing = new Promise<void>((resolve) => (fail = resolve));
    stubFetch({ ...fords, 'GET /api/vehicles/options?year=2015&make=Ford&model=F-150': () => failing.then(() => ({ status: 500, body: { message: 'Server error' } })) });
    renderSelector();
    await chooseF150(user);

    expect(await screen.findByRole('status')).toHaveTextContent('Looking up the submodels and engines…');
    fail();
    expect(await screen.findByRole('alert')).toHaveTextContent('The vehicle list could not be loaded. Please try again.');
    // The model chosen stays the vehicle.
    expect(screen.getByTestId('active-vehicle')).toHaveTextContent('2015 Ford F-150');
  });
});

describe('Find by VIN', () => {
  const vin = '1HGCM82633A004352';
  const accord: Vehicle = { _id: 'v-accord', year: 2003, make: 'Honda', model: 'Accord', submodel: '', engine: '2.4 L' };
  const accordV6: Vehicle = { ...accord, _id: 'v-accord-v6', engine: '3.0 L' };

  it('clears the last answer when a new VIN is refused', async () => {
    const user = userEvent.setup();
    stubFetch({ ...catalogue, [`GET /api/vin/${vin}`]: { body: { vin, year: 2003, make: 'Honda', model: 'Accord', vehicles: [accord, accordV6] } } });
    renderSelector();
    await user.click(screen.getByText('Know your VIN? Find your vehicle by it'));

    await user.type(screen.getByRole('textbox', { name: 'Find by VIN' }), vin);
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText(/Your VIN is a 2003 Honda Accord/)).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'Find by VIN' }));
    await user.type(screen.getByRole('textbox', { name: 'Find by VIN' }), vin.slice(1));
    await user.click(screen.getByRole('button', { name: 'Find' }));

    expect(screen.getByRole('textbox', { name: 'Find by VIN' })).toHaveAccessibleDescription(expect.stringContaining(catalogueMessages.vinLength));
    expect(screen.queryByText(/Your VIN is a/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /2003 Honda Accord/ })).not.toBeInTheDocument();
  });
});
