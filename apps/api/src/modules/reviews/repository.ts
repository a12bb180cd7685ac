import { ADMIN_REVIEWS_PAGE_SIZE, REVIEWS_SHOWN, type AdminReview, type Review, type ReviewInput } from '@autoparts/shared';
import type { Db } from '../../db/database';
import { isId } from '../../lib/ids';

export function createReviewsRepository(db: Db) {
  return {
    /** The newest visible reviews: the carousel's, bounded however many are written. */
    async listVisible(): Promise<Review[]> {
      const rows = await db
        .selectFrom('reviews')
        .select(['id', 'name', 'description', 'rating'])
        .where('hidden_at', 'is', null)
        .orderBy('seq', 'desc')
        .limit(REVIEWS_SHOWN)
        .execute();
      return rows.map((row) => ({
        _id: row.id,
        name: row.name,
        description: row.description,
        ratings: row.rating,
      }));
    },

    /** One page of every review, hidden ones too, newest first (admins). */
    async listAll(page = 1): Promise<AdminReview[]> {
      const rows = await db
        .selectFrom('reviews')
        .selectAll()
        .orderBy('seq', 'desc')
        .limit(ADMIN_REVIEWS_PAGE_SIZE)
        .offset((page - 1) * ADMIN_REVIEWS_PAGE_SIZE)
        .execute();
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

    /** Hides every review of one author (a flood of them); answers how many were hidden. */
    async hideAllBy(email: string): Promise<number> {
      const result = await db
        .updateTable('reviews')
        .set({ hidden_at: new Date() })
        .where('email', '=', email)
        .where('hidden_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
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
