import type { Category } from '@autoparts/shared';
import type { Db } from '../../db/database';

export function createCatalogueRepository(db: Db) {
  return {
    async categories(): Promise<Category[]> {
      return db.selectFrom('categories').select(['slug', 'name']).orderBy('position').execute();
    },
  };
}
