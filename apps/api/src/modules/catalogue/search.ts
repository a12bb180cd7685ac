import { dollarsToCents, SEARCH_PAGE_SIZE, type SearchQuery, type SearchResult } from '@autoparts/shared';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { selectCatalogParts, toCatalogPart } from '../parts/repository';

type Parts = ExpressionBuilder<Database, 'parts'>;

/** Escapes LIKE's wildcards in what a buyer typed. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * How a typed text finds parts. Full-text search over the weighted tsvector (part and OEM
 * numbers A, name B, description C) finds words and their stems; pg_trgm's word similarity
 * finds names with a typo in them; a substring of the numbers-and-name text finds partial part
 * and OEM numbers. All three are served by GIN indexes (migration 0007).
 */
function textMatch(q: string) {
  const lower = q.toLowerCase();
  const tsquery = sql`(websearch_to_tsquery('english', ${q}) || websearch_to_tsquery('simple', ${q}))`;
  const matches = (eb: Parts): Expression<SqlBool> =>
    eb.or([
      sql<SqlBool>`parts.search_vector @@ ${tsquery}`,
      sql<SqlBool>`${lower} <% parts.search_text`,
      ...(lower.length >= 3 ? [sql<SqlBool>`parts.search_text like ${`%${likeEscaped(lower)}%`}`] : []),
    ]);
  // An exact part or OEM number first, then a part-number prefix, then text rank and similarity.
  const upper = q.toUpperCase();
  const rank = sql<number>`(
    case when parts.part_number = ${upper} or parts.oem_numbers @> array[${upper}]::text[] then 100 else 0 end
    + case when parts.part_number like ${`${likeEscaped(upper)}%`} then 20
           when parts.search_text like ${`%${likeEscaped(lower)}%`} then 10 else 0 end
    + 10 * ts_rank(parts.search_vector, ${tsquery})
    + 5 * word_similarity(${lower}, parts.search_text)
  )`;
  return { matches, rank };
}

/** GET /api/search: one page of matching parts on sale, the total, and category counts. */
export async function searchParts(db: Db, query: SearchQuery): Promise<SearchResult> {
  // pg_trgm's `<%` matches above this word similarity: 0.6 by default misses a word with a typo
  // in each of two words ("hydralic tapet"). Set for this transaction only.
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY_THRESHOLD)}, true)`.execute(trx);
    return searchIn(trx, query);
  });
}

const WORD_SIMILARITY_THRESHOLD = 0.4;

async function searchIn(db: Db, query: SearchQuery): Promise<SearchResult> {
  const q = query.q?.trim() ?? '';
  const text = q ? textMatch(q) : undefined;

  // Everything but the category: the facets count the categories within these.
  const filtered = selectCatalogParts(db).where((eb) => {
    const conditions: Expression<SqlBool>[] = [eb('parts.archived_at', 'is', null)];
    if (text) conditions.push(text.matches(eb as unknown as Parts));
    if (query.vehicle) {
      conditions.push(
        eb.exists(
          eb
            .selectFrom('fitments')
            .select(sql`1`.as('one'))
            .whereRef('fitments.part_id', '=', 'parts.id')
            .where('fitments.vehicle_id', '=', query.vehicle),
        ),
      );
    }
    if (query.minPrice !== undefined) conditions.push(eb('parts.price_cents', '>=', dollarsToCents(query.minPrice)));
    if (query.maxPrice !== undefined) conditions.push(eb('parts.price_cents', '<=', dollarsToCents(query.maxPrice)));
    if (query.inStock) conditions.push(eb('parts.available_quantity', '>', 0));
    return eb.and(conditions);
  });
  const inCategory = query.category ? filtered.where('parts.category_slug', '=', query.category) : filtered;

  const ordered = (() => {
    switch (query.sort) {
      case 'price-asc':
        return inCategory.orderBy('parts.price_cents', 'asc').orderBy('parts.seq');
      case 'price-desc':
        return inCategory.orderBy('parts.price_cents', 'desc').orderBy('parts.seq');
      case 'name':
        return inCategory.orderBy('parts.name').orderBy('parts.seq');
      default:
        return text ? inCategory.orderBy(text.rank, 'desc').orderBy('parts.seq') : inCategory.orderBy('parts.seq');
    }
  })();

  // One connection: the statements run one after another.
  const [rows, total, facets] = await Promise.all([
    ordered.limit(SEARCH_PAGE_SIZE).offset((query.page - 1) * SEARCH_PAGE_SIZE).execute(),
    inCategory.clearSelect().select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    db
      .selectFrom('categories')
      .innerJoin(filtered.clearSelect().select('parts.category_slug').as('matched'), 'matched.category_slug', 'categories.slug')
      .select(['categories.slug', 'categories.name', (eb) => eb.fn.countAll<string>().as('count')])
      .groupBy(['categories.slug', 'categories.name', 'categories.position'])
      .orderBy('categories.position')
      .execute(),
  ]);

  return {
    items: rows.map(toCatalogPart),
    total: Number(total.n),
    page: query.page,
    pageSize: SEARCH_PAGE_SIZE,
    facets: { categories: facets.map((facet) => ({ slug: facet.slug, name: facet.name, count: Number(facet.count) })) },
  };
}
