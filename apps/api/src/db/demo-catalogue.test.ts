import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRAKE_JOB, brakeJobParts, generateDemoCatalogue } from './demo-catalogue';

const { vehicles, parts } = generateDemoCatalogue();
const publicDir = path.join(import.meta.dirname, '../../../web/public');

describe('the demo catalogue', () => {
  it('serves a complete brake job — pads, rotors and calipers, front and rear — for every vehicle it lists', () => {
    const missing = vehicles.flatMap((vehicle, index) =>
      BRAKE_JOB.filter((item) => !brakeJobParts(parts, item).some((part) => part.fits.includes(index))).map(
        (item) => `${vehicle.year} ${vehicle.make} ${vehicle.model}: ${item.type}, ${item.position}`,
      ),
    );

    expect(vehicles.length).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  it('has the brake job for its headline vehicle, a 2015 Ford F-150', () => {
    const f150 = vehicles.findIndex((vehicle) => vehicle.year === 2015 && vehicle.make === 'Ford' && vehicle.model === 'F-150');
    const brakes = parts.filter((part) => part.category_slug === 'brakes' && part.fits.includes(f150));

    expect(f150).toBeGreaterThanOrEqual(0);
    expect(brakes.length).toBeGreaterThanOrEqual(BRAKE_JOB.length);
    for (const item of BRAKE_JOB) expect(brakes.some((part) => part.name.startsWith(`${item.type}, ${item.position}`))).toBe(true);
  });

  it('draws each brake part type with a picture of its own, a file of the web app', () => {
    const pictures = new Map(BRAKE_JOB.map(({ type }) => [type, new Set(parts.filter((part) => part.name.startsWith(`${type}, `)).map((part) => part.img))]));

    for (const images of pictures.values()) expect(images.size).toBe(1);
    const images = [...pictures.values()].map((set) => [...set][0]!);
    expect(new Set(images).size).toBe(pictures.size);
    expect(images).toContain('/images/parts/brake-caliper.svg');
    for (const image of new Set(parts.map((part) => part.img))) expect(existsSync(path.join(publicDir, image)), image).toBe(true);
  });
});
