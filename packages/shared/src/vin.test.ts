import { describe, expect, it } from 'vitest';
import { catalogueMessages } from './catalogue-constants';
import { normaliseVin, vinCheckDigit, vinModelYear, vinProblem } from './vin';

/** Sets a VIN's check digit to the one its other characters call for. */
const withCheckDigit = (vin: string) => `${vin.slice(0, 8)}${vinCheckDigit(vin)}${vin.slice(9)}`;

describe('VIN check digit', () => {
  it.each([
    // The worked example of 49 CFR 565 and two VINs of real cars.
    ['1M8GDM9AXKP042788', 'X'],
    ['1HGCM82633A004352', '3'],
    ['5YJSA1DG9DFP14705', '9'],
  ])('of %s is %s', (vin, digit) => {
    expect(vinCheckDigit(vin)).toBe(digit);
    expect(vinProblem(vin)).toBeUndefined();
  });

  it('finds a typo in any position', () => {
    const vin = '1HGCM82633A004352';
    expect(vinProblem(`${vin.slice(0, 12)}5${vin.slice(13)}`)).toBe(catalogueMessages.vinCheckDigit);
  });

  it('is required of North American and Chinese VINs only: a European maker often has none', () => {
    // A 2003 Golf, with Z in 9th place, and a Chinese-market VIN with a wrong check digit.
    expect(vinProblem('WVWZZZ1JZ3W386752')).toBeUndefined();
    const chinese = withCheckDigit('LVSHCAMB5HE012345');
    expect(vinProblem(chinese)).toBeUndefined();
    expect(vinProblem(`${chinese.slice(0, 8)}${chinese[8] === '0' ? '1' : '0'}${chinese.slice(9)}`)).toBe(catalogueMessages.vinCheckDigit);
  });
});

describe('vinProblem', () => {
  it.each([
    ['too short', '1HGCM82633A00435', catalogueMessages.vinLength],
    ['too long', '1HGCM82633A0043521', catalogueMessages.vinLength],
    ['an O', '1HGCM82633A0O4352', catalogueMessages.vinCharacters],
    ['a symbol', '1HGCM82633A00435!', catalogueMessages.vinCharacters],
  ])('names a VIN that is %s', (_label, vin, message) => {
    expect(vinProblem(vin)).toBe(message);
  });

  it('takes lower case, spaces and dashes as people type them', () => {
    expect(normaliseVin(' 1hgcm8-2633a 004352')).toBe('1HGCM82633A004352');
    expect(vinProblem('1hgcm8 2633a-004352')).toBeUndefined();
  });

  it('refuses a 10th character that is no model year (U, Z, 0)', () => {
    expect(vinProblem(withCheckDigit('2T1BURHE0UC123456'))).toBe(catalogueMessages.vinYear);
  });
});

describe('vinModelYear', () => {
  it.each([
    ['1HGCM82633A004352', 2003],
    ['1M8GDM9AXKP042788', 1989],
    [withCheckDigit('2T1BURHE0JC123456'), 2018],
    [withCheckDigit('2T1BURHE0AC123456'), 2010],
    [withCheckDigit('2T1BURHE0YC123456'), 2030],
  ])('of %s is %i', (vin, year) => {
    expect(vinModelYear(vin)).toBe(year);
  });
});
