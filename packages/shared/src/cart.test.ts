import { describe, expect, it } from 'vitest';
import { CART_QUANTITY_MAX, cartMessages, cartQuantityProblem, inStockToOrder, parseQuickOrder, QUICK_ORDER_MAX_CHARS } from './cart-constants';
import { ORDER_QUANTITY_MAX } from './orders';

describe('parseQuickOrder', () => {
  it('reads a number and a quantity per line, whatever separates them, and numbers the lines from 1', () => {
    const { entries, problems } = parseQuickOrder('Part number,Quantity\nBRK-1001\t4\n\n04465 33450; 2\r\n"FLT-2002","3"\nbrk1001,1');
    expect(problems).toEqual([]);
    expect(entries).toEqual([
      { line: 2, text: 'BRK-1001\t4', number: 'BRK-1001', quantity: 4 },
      { line: 4, text: '04465 33450; 2', number: '04465 33450', quantity: 2 },
      { line: 5, text: '"FLT-2002","3"', number: 'FLT-2002', quantity: 3 },
      { line: 6, text: 'brk1001,1', number: 'brk1001', quantity: 1 },
    ]);
  });

  it('reports every line it cannot read, all at once', () => {
    const { entries, problems } = parseQuickOrder('BRK-1001\nBRK-1001 0\nBRK-1001 2.5\nBRK-1001 9999999\nOK-1 1');
    expect(entries.map((entry) => entry.line)).toEqual([5]);
    expect(problems).toEqual([
      { line: 1, text: 'BRK-1001', message: cartMessages.missingQuantity },
      { line: 2, text: 'BRK-1001 0', message: cartMessages.badQuantity },
      { line: 3, text: 'BRK-1001 2.5', message: cartMessages.badQuantity },
      { line: 4, text: 'BRK-1001 9999999', message: cartMessages.quantityTooLarge },
    ]);
  });

  it('takes only a first line as a header', () => {
    expect(parseQuickOrder('BRK-1001 1\npart qty').problems).toEqual([{ line: 2, text: 'part qty', message: cartMessages.badQuantity }]);
  });
});

describe('cart limits', () => {
  it('names the minimum and the stock', () => {
    expect(cartQuantityProblem({ minOrderQuantity: 4, availableQuantity: 10 }, 3)).toBe('The minimum order for this part is 4');
    expect(cartQuantityProblem({ minOrderQuantity: 1, availableQuantity: 3 }, 4)).toBe('Only 3 in stock');
    expect(cartQuantityProblem({ minOrderQuantity: 1, availableQuantity: 0 }, 1)).toBe(cartMessages.soldOut);
    expect(cartQuantityProblem({ minOrderQuantity: 2, availableQuantity: 3 }, 3)).toBeNull();
  });

  it('bounds quantities as orders are bounded, and says the text limit as it is', () => {
    expect(CART_QUANTITY_MAX).toBe(ORDER_QUANTITY_MAX);
    expect(cartMessages.quantityTooLarge).toContain(CART_QUANTITY_MAX.toLocaleString('en-US'));
    expect(cartMessages.quickOrderTooLong).toContain(QUICK_ORDER_MAX_CHARS.toLocaleString('en-US'));
  });
});

describe('inStockToOrder', () => {
  it('is in stock only when the stock holds the minimum order', () => {
    expect(inStockToOrder({ minOrderQuantity: 20, availableQuantity: 5 })).toBe(false);
    expect(inStockToOrder({ minOrderQuantity: 1, availableQuantity: 0 })).toBe(false);
    expect(inStockToOrder({ minOrderQuantity: 20, availableQuantity: 20 })).toBe(true);
    expect(inStockToOrder({ minOrderQuantity: 1, availableQuantity: 1 })).toBe(true);
  });
});
