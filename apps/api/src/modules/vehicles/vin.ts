import { catalogueMessages, normaliseVin, vehicleSchema, vinModelYear, vinProblem, vinWmi } from '@autoparts/shared';
import { z } from 'zod';
import { wmiMakes } from './wmi-makes';

export const vinReplySchema = z.object({
  vin: z.string(),
  year: z.number().int(),
  make: z.string(),
  /** Null when the catalogue has several models of that make and year: the buyer picks one. */
  model: z.string().nullable(),
  vehicles: z.array(vehicleSchema),
});

/**
 * A VIN's model year and make, offline: the year from its 10th character (shared/vin.ts), the
 * make from its World Manufacturer Identifier in a table derived from NHTSA's vPIC data
 * (wmi-makes.ts; decision 021).
 */
export function decodeVin(input: string): { vin: string; year: number; makes: readonly string[] } | { problem: string } {
  const problem = vinProblem(input);
  if (problem) return { problem };
  const vin = normaliseVin(input);
  const makes = wmiMakes[vinWmi(vin)];
  const year = vinModelYear(vin);
  if (!makes?.length) return { problem: catalogueMessages.vinUnknownMake };
  if (year === undefined) return { problem: catalogueMessages.vinYear };
  return { vin, year, makes };
}
