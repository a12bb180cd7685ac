import { describe, expect, it } from 'vitest';
import { confirmed } from './confirmed';

describe('confirmed', () => {
  it('gives back a reply that says the change was made', () => {
    const reply = { acknowledged: true, insertedId: 'part-9' };
    expect(confirmed(reply, reply.acknowledged, 'The product was not acknowledged')).toBe(reply);
  });

  it('throws the given words for a reply that says it was not', () => {
    const reply = { deletedCount: 0 };
    expect(() => confirmed(reply, reply.deletedCount === 1, 'The order was not cancelled')).toThrow(new Error('The order was not cancelled'));
  });
});
