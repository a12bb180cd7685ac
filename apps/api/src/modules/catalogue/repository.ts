import type { Category } from '@autoparts/shared';
import type { Db } from '../../db/database';

export function createCatalogueRepository(db: Db) {
  return {
    async categories(): Promise<Category[]> {
      return db.selectFrom('categories').select(['slug', 'name']).orderBy('position').execute();
    },
    /** Whether the shop has a category of this slug (its primary key). */
    async hasCategory(slug: string): Promise<boolean> {
      return (await db.selectFrom('categories').select('slug').where('slug', '=', slug).executeTakeFirst()) !== undefined;
    },
  };
}
