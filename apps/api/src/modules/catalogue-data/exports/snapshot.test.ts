import { describe, expect, it } from 'vitest';
import { EXPORTS_AT_ONCE, exportSlots } from './snapshot';

describe('exportSlots', () => {
  it(`gives ${EXPORTS_AT_ONCE} exports a slot at once, and the next one once a slot is released`, () => {
    const slots = exportSlots();
    expect(Array.from({ length: EXPORTS_AT_ONCE }, () => slots.take())).toEqual(Array.from({ length: EXPORTS_AT_ONCE }, () => true));
    expect(slots.take()).toBe(false);
    slots.release();
    expect(slots.take()).toBe(true);
    expect(slots.take()).toBe(false);
  });
});
