import { describe, expect, it } from 'vitest';
import { withReplacements, withVisitorQuantity } from './visitor-cart';

describe("a visitor's cart with a part replaced since", () => {
  const old = { partId: 'old', partNumber: 'BRK-0999', quantity: 2 };
  const current = { partId: 'new', partNumber: 'BRK-1001', quantity: 1 };
  const other = { partId: 'other', partNumber: 'FLT-1', quantity: 1 };

  it('keeps the line as the replacement the server priced it as, merged with a line of it, naming the old number', () => {
    expect(withReplacements([old, other, current], [{ partId: 'new', partNumber: 'BRK-1001', replaced: 'BRK-0999' }, { ...other, replaced: null }])).toEqual([
      { partId: 'new', partNumber: 'BRK-1001', quantity: 3, replaced: 'BRK-0999' },
      other,
    ]);
  });

  it('changes nothing when no line was replaced', () => {
    expect(withReplacements([other], [{ ...other, replaced: null }])).toBeUndefined();
    expect(withReplacements([{ ...current, replaced: 'BRK-0999' }], [{ ...current, replaced: null }])).toBeUndefined();
  });

  it('forgets the old number once the buyer changes the line', () => {
    expect(withVisitorQuantity([{ ...current, replaced: 'BRK-0999' }], { ...current, quantity: 5 })).toEqual([{ ...current, quantity: 5 }]);
  });
});
