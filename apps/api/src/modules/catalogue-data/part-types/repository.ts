import { PART_TYPE_CATEGORIES_MAX, partTypeCategoryMessages, type PartTypeCategoriesInput, type PartTypeCategory } from '@autoparts/shared';
import { sql } from 'kysely';
import type { Db } from '../../../db/database';

/** Names compared as people read them: numbers within them by value, case aside. */
const byName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** PCdb part types → the shop's categories (decision 084). */
export function createPartTypeCategories(db: Db) {
  return {
    /**
     * The part types the shop's parts carry or that are mapped, by name as people read it (Type 2
     * before Type 10; a tie by id), with their category and count of parts. Sorted here, not in SQL:
     * the embedded database has no ICU collation to sort numbers within text.
     */
    async list(): Promise<PartTypeCategory[]> {
      const { rows } = await sql<PartTypeCategory>`
        select t.id as "partTypeId", t.name, m.category_slug as category, coalesce(p.parts, 0)::integer as parts
        from pcdb_part_types t
        left join part_type_categories m on m.part_type_id = t.id
        left join (select part_terminology_id, count(*) as parts from parts where part_terminology_id is not null group by part_terminology_id) p on p.part_terminology_id = t.id
        where m.part_type_id is not null or p.parts is not null
        order by t.name, t.id
        limit ${PART_TYPE_CATEGORIES_MAX}
      `.execute(db);
      return rows.sort((a, b) => byName.compare(a.name, b.name) || a.partTypeId - b.partTypeId);
    },

    /** Maps (or, with category null, unmaps) the part types listed; answers a problem for an unknown part type or category. */
    async save({ mappings }: PartTypeCategoriesInput): Promise<{ problem: string } | { mapped: number; unmapped: number }> {
      if (mappings.length === 0) return { mapped: 0, unmapped: 0 };
      const ids = mappings.map((row) => row.partTypeId);
      const slugs = [...new Set(mappings.flatMap((row) => (row.category === null ? [] : [row.category])))];
      const [types, categories] = await Promise.all([
        db.selectFrom('pcdb_part_types').select('id').where('id', 'in', ids).execute(),
        slugs.length === 0 ? [] : db.selectFrom('categories').select('slug').where('slug', 'in', slugs).execute(),
      ]);
      const knownTypes = new Set(types.map((row) => row.id));
      const unknownType = ids.find((id) => !knownTypes.has(id));
      if (unknownType !== undefined) return { problem: partTypeCategoryMessages.unknownPartType(unknownType) };
      const knownCategories = new Set(categories.map((row) => row.slug));
      const unknownCategory = slugs.find((slug) => !knownCategories.has(slug));
      if (unknownCategory !== undefined) return { problem: partTypeCategoryMessages.unknownCategory(unknownCategory) };

      const mapped = mappings.flatMap((row) => (row.category === null ? [] : [{ part_type_id: row.partTypeId, category_slug: row.category }]));
      const unmapped = mappings.filter((row) => row.category === null).map((row) => row.partTypeId);
      if (mapped.length > 0) {
        await db
          .insertInto('part_type_categories')
          .values(mapped)
          .onConflict((oc) => oc.column('part_type_id').doUpdateSet({ category_slug: (eb) => eb.ref('excluded.category_slug'), changed_at: sql`now()` }).where('part_type_categories.category_slug', '<>', (eb) => eb.ref('excluded.category_slug')))
          .execute();
      }
      if (unmapped.length > 0) await db.deleteFrom('part_type_categories').where('part_type_id', 'in', unmapped).execute();
      return { mapped: mapped.length, unmapped: unmapped.length };
    },
  };
}
