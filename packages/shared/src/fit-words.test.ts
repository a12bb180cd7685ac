import { describe, expect, it } from 'vitest';
import type { PartApplication, Vehicle } from './catalogue';
import { fitWords, vehicleWithQualifiers } from './fit-words';

const f150: Vehicle = { _id: 'v', year: 2015, make: 'Ford', model: 'F-150', submodel: '', engine: '' };
const application = (overrides: Partial<PartApplication> = {}): PartApplication => ({
  year: 2015,
  make: 'Ford',
  model: 'F-150',
  submodel: '',
  engine: '',
  position: null,
  quantity: 1,
  notes: [],
  partType: null,
  ...overrides,
});

describe('fitWords: a part and a vehicle in the words the part page and a card say (decision 083)', () => {
  it('says "Fits your …" with the position and the qualifiers the fitting application is limited to', () => {
    const v6 = { ...f150, engine: '3.5L V6' };
    expect(fitWords([application({ position: 'Front', engine: '3.5L V6', notes: ['Gapped at 1.1 mm'] })], v6)).toEqual({
      verdict: 'fits',
      text: 'Fits your 2015 Ford F-150 — Front, with 3.5L V6 only',
      notes: ['Gapped at 1.1 mm'],
    });
    expect(fitWords([application({ submodel: 'XLT', engine: '3.5L V6' })], { ...v6, submodel: 'XLT' }).text).toBe('Fits your 2015 Ford F-150 — with XLT 3.5L V6 only');
    expect(fitWords([application()], v6).text).toBe('Fits your 2015 Ford F-150');
  });

  it('says a part for another engine or submodel of the model fits only that one, and not the vehicle chosen', () => {
    const parts = [application({ engine: '2.7L V6' })];
    expect(fitWords(parts, { ...f150, engine: '3.5L V6' })).toEqual({ verdict: 'other', text: 'Fits the 2015 Ford F-150 with 2.7L V6 only — not your 3.5L V6', notes: [] });
    // A vehicle chosen without an engine is not promised a part for one of its engines.
    expect(fitWords(parts, f150).text).toBe('Fits the 2015 Ford F-150 with 2.7L V6 only');
  });

  it('names every other engine or submodel a part fits, never one of them as the only one (decision 149)', () => {
    // A coil for the 2.7L and the 5.0L of a model that also has a 3.5L: "with 2.7L V6 only" was false.
    const parts = [application({ engine: '2.7L V6' }), application({ engine: '2.7L V6', position: 'Front' }), application({ engine: '5.0L V8' })];
    expect(fitWords(parts, { ...f150, engine: '3.5L V6' }).text).toBe('Fits the 2015 Ford F-150 with 2.7L V6 or 5.0L V8 only — not your 3.5L V6');
    expect(fitWords(parts, f150).text).toBe('Fits the 2015 Ford F-150 with 2.7L V6 or 5.0L V8 only');
    // In the API's order: by submodel, then engine.
    const three = [...parts, application({ submodel: 'Raptor', engine: '3.5L V6' })];
    expect(fitWords(three, { ...f150, engine: '1.6L I4' }).text).toBe('Fits the 2015 Ford F-150 with 2.7L V6, 5.0L V8 or Raptor 3.5L V6 only — not your 1.6L I4');
  });

  it('names every position a part fits the vehicle in, and the notes of each', () => {
    const parts = [
      application({ position: 'Rear', notes: ['With drum brakes'] }),
      application({ position: 'Front', notes: ['With Sport Package'] }),
      application({ position: 'Front', engine: '2.7L V6', notes: ['With Sport Package'] }),
    ];
    expect(fitWords(parts, { ...f150, engine: '3.5L V6' })).toEqual({
      verdict: 'fits',
      text: 'Fits your 2015 Ford F-150 — Rear, Front',
      notes: ['With drum brakes', 'With Sport Package'],
    });
    // An application limited to the vehicle's own engine still says so when it is the only one that fits.
    expect(fitWords([application({ position: 'Front', engine: '3.5L V6' }), application({ position: 'Rear', engine: '3.5L V6' })], { ...f150, engine: '3.5L V6' }).text).toBe(
      'Fits your 2015 Ford F-150 — Front, Rear, with 3.5L V6 only',
    );
  });

  it('says "Does not fit your …" for a part of no application on the model', () => {
    expect(fitWords([application({ year: 2016 })], f150)).toEqual({ verdict: 'none', text: 'Does not fit your 2015 Ford F-150', notes: [] });
    expect(fitWords([], f150).verdict).toBe('none');
  });

  it('tells the fit by the VCdb ids when both carry them: two engine bases may have the same words', () => {
    const ids = { baseVehicleId: 7, submodelId: null };
    const first = { ...f150, ...ids, engine: '1.4L I4', engineBaseId: 1 };
    const second = { ...f150, ...ids, engine: '1.4L I4', engineBaseId: 2 };
    const parts = [application({ ...ids, engine: '1.4L I4', engineBaseId: 1 })];
    expect(fitWords(parts, first).verdict).toBe('fits');
    expect(fitWords(parts, second).verdict).toBe('other');
    expect(fitWords(parts, { ...f150, ...ids, engineBaseId: null }).verdict).toBe('other');
    // An older shop's vehicle the VCdb does not name fits nothing, whatever its words (decision 079).
    expect(fitWords(parts, { ...first, baseVehicleId: null }).verdict).toBe('none');
    // A vehicle kept in a browser from before the ids were sent is told by its words.
    expect(fitWords(parts, { ...f150, engine: '1.4L I4' }).verdict).toBe('fits');
  });

  it('names a vehicle with its submodel and engine, as a garage lists it', () => {
    expect(vehicleWithQualifiers({ ...f150, submodel: 'XLT', engine: '3.5L V6' })).toBe('2015 Ford F-150 XLT 3.5L V6');
    expect(vehicleWithQualifiers(f150)).toBe('2015 Ford F-150');
  });
});
