import { RATING_CHOICES, type Review } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp();
});

afterAll(async () => {
  await app.close();
});

async function listReviews(): Promise<Review[]> {
  const response = await app.inject({ method: 'GET', url: '/api/reviews' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /api/reviews', () => {
  it('lists the demo reviews with a name, a description and a rating each', async () => {
    const reviews = await listReviews();

    expect(reviews.length).toBeGreaterThanOrEqual(6);
    for (const review of reviews) {
      expect(Object.keys(review).sort()).toEqual(['_id', 'description', 'name', 'ratings']);
      expect(review.name).toMatch(/\S/);
      expect(review.description).toMatch(/\S/);
      expect(RATING_CHOICES).toContain(review.ratings);
    }
  });

  it('never sends the reviewer’s e-mail', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/reviews' });

    expect(response.body).not.toContain('@');
  });

  it('puts the newest review first and leaves hidden ones out', async () => {
    const [newest, hidden] = await app.db
      .insertInto('reviews')
      .values([
        { email: 'new@example.com', name: 'Newest', description: 'Fresh.', rating: '5', hidden_at: null },
        { email: 'spam@example.com', name: 'Spammer', description: 'Spam.', rating: '1', hidden_at: new Date() },
      ])
      .returning('id')
      .execute();
    try {
      const reviews = await listReviews();

      // The hidden row was inserted last, so the visible one is second in seq order: it must lead.
      expect(reviews[0]).toEqual({ _id: newest?.id, name: 'Newest', description: 'Fresh.', ratings: '5' });
      expect(reviews.map((review) => review._id)).not.toContain(hidden?.id);
    } finally {
      await app.db
        .deleteFrom('reviews')
        .where('email', 'in', ['new@example.com', 'spam@example.com'])
        .execute();
    }
  });
});
