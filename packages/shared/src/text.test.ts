import { describe, expect, it } from 'vitest';
import { groupedNumber } from './text';

describe('groupedNumber', () => {
  it('writes a whole number as en-US’s toLocaleString does, without Intl', () => {
    const numbers = [0, 7, 99, 999, 1000, 9999, 10_000, 123_456, 1_000_000, 2_147_483_647, 1_000_000_000];
    for (let n = 0; n < 3_000_000; n += 9973) numbers.push(n);
    for (const n of numbers) expect(groupedNumber(n)).toBe(n.toLocaleString('en-US'));
  });
});
