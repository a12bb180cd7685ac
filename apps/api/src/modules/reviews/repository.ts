import type { Review } from '@autoparts/shared';
import type { Db } from '../../db/database';

export function createReviewsRepository(db: Db) {
  return {
    /** Visible reviews, newest first. */
    async listVisible(): Promise<Review[]> {
      const rows = await db
        .selectFrom('reviews')
        .select(['id', 'name', 'description', 'rating'])
        .where('hidden_at', 'is', null)
        .orderBy('seq', 'desc')
        .execute();
      return rows.map((row) => ({
        _id: row.id,
        name: row.name,
        description: row.description,
        ratings: row.rating,
      }));
    },
  };
}
