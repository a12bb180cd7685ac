import { describe, expect, it } from 'vitest';
import { partChangesInputSchema } from './part-changes';
import { lifecycleLabel, numberKey, partChangeMessages, resolveReplacement, toOurQuantity } from './part-changes-constants';

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
  it('refuses an interchange number with no letters or digits, which would match nothing', () => {
    for (const partNumber of ['---', ' - . / ']) {
      const parsed = partChangesInputSchema.shape.interchange.safeParse([{ brand: 'Bosch', partNumber: 'BP-1', quantity: 1 }, { brand: 'Bosch', partNumber, quantity: 1 }]);
      expect(parsed.error?.issues.map((issue) => issue.message), partNumber).toEqual([partChangeMessages.interchangeNoCharacters(2)]);
    }
    expect(partChangesInputSchema.shape.interchange.safeParse([{ brand: 'Bosch', partNumber: '-0-', quantity: 1 }]).success).toBe(true);
  });
  it('refuses a code that is not PIES', () => {
    expect(partChangesInputSchema.shape.lifecycle.safeParse('superseded').success).toBe(false);
  });
});

describe('numberKey', () => {
  it('keeps the letters and digits of a number, upper case, as migration 0017 keys them', () => {
    expect(numberKey('brk 1001')).toBe('BRK1001');
    expect(numberKey('0 986-494.200')).toBe('0986494200');
    expect(numberKey(' -/ ')).toBe('');
  });
});

describe('quick order by another brand’s number', () => {
  it('says the quantity in ours, and "rounded up" only when it was', () => {
    const theirs = { brand: 'Rival', partNumber: 'RV-7', quantity: 2 };
    expect(partChangeMessages.orderedAsOurs(theirs, 4, { partNumber: 'BRK-1001', quantity: toOurQuantity(4, 2) })).toBe(
      'Rival RV-7 is our BRK-1001 (2 of theirs = 1 of ours): 4 of theirs added as 2 of ours',
    );
    expect(partChangeMessages.orderedAsOurs(theirs, 3, { partNumber: 'BRK-1001', quantity: toOurQuantity(3, 2) })).toBe(
      'Rival RV-7 is our BRK-1001 (2 of theirs = 1 of ours): 3 of theirs added as 2 of ours, rounded up',
    );
  });
});
