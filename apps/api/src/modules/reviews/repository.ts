import type { AdminReview, Review, ReviewInput } from '@autoparts/shared';
import type { Db } from '../../db/database';
import { isId } from '../../lib/ids';

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

    /** Every review, hidden ones too, newest first (admins). */
    async listAll(): Promise<AdminReview[]> {
      const rows = await db.selectFrom('reviews').selectAll().orderBy('seq', 'desc').execute();
      return rows.map((row) => ({
        _id: row.id,
        name: row.name,
        email: row.email,
        description: row.description,
        ratings: row.rating,
        hidden: row.hidden_at !== null,
        createdAt: row.created_at.toISOString(),
      }));
    },

    async add(author: { email: string; name: string }, review: ReviewInput): Promise<void> {
      await db
        .insertInto('reviews')
        .values({
          email: author.email,
          name: author.name,
          description: review.description,
          rating: review.ratings ?? null,
        })
        .execute();
    },

    /** Hides a review from the carousel (or shows it again); it stays in the database. */
    async setHidden(id: string, hidden: boolean): Promise<boolean> {
      if (!isId(id)) return false;
      const result = await db
        .updateTable('reviews')
        .set({ hidden_at: hidden ? new Date() : null })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
