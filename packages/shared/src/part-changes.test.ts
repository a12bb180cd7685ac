import { describe, expect, it } from 'vitest';
import { lifecycleLabel, partChangesInputSchema, resolveReplacement, toOurQuantity } from './part-changes';

describe('resolveReplacement', () => {
  const links: Record<string, string | undefined> = { A: 'B', B: 'C', X: 'Y', Y: 'X' };
  const next = (key: string) => links[key];

  it('follows a chain to the current part', () => {
    expect(resolveReplacement('A', next)).toEqual({ current: 'C', chain: ['A', 'B', 'C'] });
  });
  it('answers the part itself when nothing replaces it', () => {
    expect(resolveReplacement('C', next)).toEqual({ current: 'C', chain: ['C'] });
  });
  it('reports a cycle with the way round', () => {
    expect(resolveReplacement('X', next)).toEqual({ cycle: ['X', 'Y', 'X'] });
  });
});

describe('toOurQuantity', () => {
  it('converts theirs to ours, rounding up', () => {
    expect(toOurQuantity(4, 2)).toBe(2);
    expect(toOurQuantity(3, 2)).toBe(2);
    expect(toOurQuantity(5, 1)).toBe(5);
  });
});

describe('part change input', () => {
  it('names known PIES codes and any other', () => {
    expect(lifecycleLabel('7')).toBe('Superseded');
    expect(lifecycleLabel('42')).toBe('Life-cycle status 42');
  });
  it('refuses an interchange number listed twice and a bad row', () => {
    const parsed = partChangesInputSchema.shape.interchange.safeParse([
      { brand: 'Bosch', partNumber: '0 986 494 1', quantity: 2 },
      { brand: 'bosch', partNumber: '0986-4941', quantity: 1 },
      { brand: '', partNumber: 'X', quantity: 0 },
    ]);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
      'bosch 0986-4941 is listed twice',
      'Interchange 3: give a brand, a number and a whole quantity from 1',
    ]);
  });
  it('refuses a code that is not PIES', () => {
    expect(partChangesInputSchema.shape.lifecycle.safeParse('superseded').success).toBe(false);
  });
});
