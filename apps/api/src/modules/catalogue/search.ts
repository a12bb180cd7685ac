import { dollarsToCents, isEnded, numberKey, REPLACED_CODES, SEARCH_PAGE_SIZE, type SearchQuery, type SearchResult } from '@autoparts/shared';
import { sql, type Expression, type InferResult, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { createPartChangesRepository } from '../part-changes/repository';
import { onSale, partColumns, toCatalogPart } from '../parts/repository';
import { memberUnitCentsSql } from '../price-lists/pricing';

/** Escapes LIKE's wildcards in what a buyer typed. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** At most this many words of the text are looked at, and this many corrections per word. */
const MAX_WORDS = 6;
const CORRECTIONS_PER_WORD = 3;

/**
 * The words a buyer may have meant by each word typed: the words of the parts' names that start
 * with it ("altern" → "alternator"), or, when none does, those closest to it by pg_trgm
 * similarity ("alternatr"; decision 191: "rotor" is not also "motor"),
 * looked up in the short search_words list (migration 0009). A word that is like no word of any
 * name ("blet" in "serpentin blet") is left out rather than matching nothing. Answers a
 * to_tsquery text: alternatives within a word OR'ed, the words AND'ed; a word is a prefix only
 * when the names' words do not tell all it may complete to.
 */
async function tsqueryText(db: Db, q: string): Promise<{ text: string | undefined; dropped: boolean }> {
  const tokens = [...new Set(q.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean))].slice(0, MAX_WORDS);
  const words = tokens.filter((token) => /^\p{L}+$/u.test(token));
  const found = words.length
    ? await sql<{ token: string; word: string }>`
        select t.token, w.word
        from unnest(${words}::text[]) as t(token)
        cross join lateral (
          select word from search_words
          where word like t.token || '%' or (length(t.token) >= 3 and word % t.token)
          order by word like t.token || '%' desc, similarity(word, t.token) desc, word
          limit ${CORRECTIONS_PER_WORD}
        ) w`.execute(db)
    : { rows: [] };
  // Only letters and digits reach to_tsquery, so nothing typed can break its syntax.
  const clean = (word: string) => word.replace(/[^\p{L}\p{N}]/gu, '');
  const groups = tokens.flatMap((token) => {
    // A word of the names, or the start of some, is what was meant: its look-alikes are not
    // ("rotor" is no typo of "motor", "alter" of "filter"); only a word that starts none is corrected.
    const own = found.rows.filter((row) => row.token === token);
    const started = own.filter((row) => row.word.startsWith(token));
    const meant = (started.length > 0 ? started : own).map((row) => clean(row.word)).filter(Boolean);
    if (words.includes(token) && meant.length === 0) return [];
    // A prefix makes GIN read every entry that starts with it: eight times the index work of
    // the words themselves for "brake pads" (docs/benchmarks.md). So when the names' words that
    // start with what was typed are all among those found (a whole word, or part of one with
    // fewer completions than the limit), those words are looked for instead (in their English
    // forms); otherwise, and for numbers, it stays a prefix.
    const completions = found.rows.filter((row) => row.token === token && row.word.startsWith(token)).length;
    const complete = meant.includes(token) || (completions > 0 && completions < CORRECTIONS_PER_WORD);
    const prefix = complete ? [] : [`'${token}':*`];
    // Each lexeme quoted: whatever the text-search parser makes of a character, no syntax error.
    return [`(${[...new Set([...prefix, ...meant.map((word) => `'${word}'`)])].join(' | ')})`];
  });
  return { text: groups.length > 0 ? groups.join(' & ') : undefined, dropped: groups.length < tokens.length };
}

/**
 * A part that another brand's number (issue 30) with the key `key` names, whole: its key is indexed
 * (migration 0033). An array worked out once, not `in (select …)`: a subquery under an OR keeps
 * PostgreSQL from the BitmapOr and reads every part (2.4 s at 100,000 parts against 23 ms,
 * docs/benchmarks.md).
 */
const interchangeKeyed = (key: string) =>
  sql<SqlBool>`parts.id = any(array(select part_id from part_interchange where upper(regexp_replace(part_number, '[^0-9A-Za-z]', '', 'g')) = ${key}))`;

/** A part that had a number with the key `key` before an admin corrected it (decision 112), by its key's index (migration 0054). */
const formerKeyed = (key: string) =>
  sql<SqlBool>`parts.id = any(array(select part_id from part_former_numbers where upper(regexp_replace(part_number, '[^0-9A-Za-z]', '', 'g')) = ${key}))`;

/**
 * The current parts of the renumbered or superseded parts (6, 7) that `key` names whole: by their
 * part number, an OEM number, another brand's (interchange) number or a number an admin corrected
 * away (decision 112). What a buyer typing the number on an old box is after; the replaced part is
 * not listed itself, and quick order adds the same current part for the same number (decision 175).
 */
async function successorsOf(db: Db, key: string): Promise<string[]> {
  const old = await db
    .selectFrom('parts')
    .select('id')
    .where('lifecycle_code', 'in', [...REPLACED_CODES])
    .where((eb) =>
      eb.or([
        eb(sql<string>`catalogue_number_keys(parts.part_number, parts.oem_numbers)`, 'like', `% ${key} %`),
        interchangeKeyed(key),
        formerKeyed(key),
      ]),
    )
    .execute();
  const changes = createPartChangesRepository(db);
  const current = await Promise.all(old.map((row) => changes.currentReplacement(row.id)));
  return [...new Set(current.flatMap((part) => (part ? [part.id] : [])))];
}

/**
 * How a typed text finds parts: full-text search over the weighted tsvector (part and OEM
 * numbers A, name B, description C) with the words as typed and as corrected; a substring of
 * the numbers-and-name text; and, for a text with a digit in it, a substring of the parts'
 * number keys (migration 0017), so that case, spaces and dashes do not matter ("brk1001",
 * "BRK 1001", "0446533450"). All three are served by GIN indexes (migrations 0007, 0009, 0017).
 * A text with a digit that names a word no part's name has ("BRK-10": "brk") is a number: it is
 * not looked for as its other words ("10" would find a 105 °C thermostat and 9005 bulbs).
 * A whole older number of a part (issue 30) finds the part that replaces it now.
 * A former number of a part (decision 112), whole, finds the part.
 * Ranked: a whole part, OEM, older, former or interchange number first, then the start of one, then a substring, then
 * ts_rank.
 */
async function textMatch(db: Db, q: string) {
  const lower = q.toLowerCase();
  const key = numberKey(q);
  const numberLike = /\d/.test(key) && key.length >= 3;
  const successors = numberLike ? await successorsOf(db, key) : [];
  const words = await tsqueryText(db, q);
  const text = numberLike && words.dropped ? undefined : words.text;
  const tsquery = text ? sql`(to_tsquery('english', ${text}) || to_tsquery('simple', ${text}))` : sql`''::tsquery`;
  const keys = sql<string>`catalogue_number_keys(parts.part_number, parts.oem_numbers)`;
  // The ways of matching under one OR, which PostgreSQL answers with a BitmapOr of the GIN
  // indexes: each matching part's row is read once, for its rank and sort keys too.
  // A way no index answers (an empty tsquery, `in (select …)`) would make it read every part.
  const ways = text ? [sql<SqlBool>`parts.search_vector @@ ${tsquery}`] : [];
  if (lower.length >= 3) ways.push(sql<SqlBool>`parts.search_text like ${`%${likeEscaped(lower)}%`}`);
  // Another brand's number the part replaces (issue 30), whole.
  const interchange = numberLike ? interchangeKeyed(key) : sql<SqlBool>`false`;
  // A number the part had before an admin corrected it (decision 112), whole.
  const former = numberLike ? formerKeyed(key) : sql<SqlBool>`false`;
  // The current part of an older number typed whole (issue 30): its own page is a 301 to it.
  const replacing = successors.length > 0 ? sql<SqlBool>`parts.id in (${sql.join(successors)})` : sql<SqlBool>`false`;
  if (numberLike) ways.push(sql<SqlBool>`${keys} like ${`%${key}%`}`, interchange, former, replacing);
  const matches = ways.length > 0 ? sql<SqlBool>`(${sql.join(ways, sql` or `)})` : sql<SqlBool>`false`;
  // Ranked by the keys whatever the text ("brk" puts the BRK- parts first); only letters and
  // digits are in a key, nothing LIKE reads its own way.
  const wholeNumber = key ? sql`${keys} like ${`% ${key} %`}` : sql`false`;
  const numberStart = key ? sql`${keys} like ${`% ${key}%`}` : sql`false`;
  const rank = sql<number>`(
    case when ${wholeNumber} or ${interchange} or ${former} or ${replacing} then 100 else 0 end
    + case when ${numberStart} then 20
           when parts.search_text like ${`%${likeEscaped(lower)}%`} then 10 else 0 end
    + 10 * ts_rank(parts.search_vector, ${tsquery})
  )`;
  return { matches, rank };
}

/**
 * GET /api/search: one page of matching parts on sale, the total, and category counts, in one
 * statement. The matching parts are a CTE that both the page and the counts read:
 * - with a text or a vehicle it is MATERIALIZED: the few thousand matches are found once
 *   through the GIN or fitment indexes, with each part's rank and sort keys, then counted per
 *   category and sorted for the page; only the page's 24 parts are read in full;
 * - without either (browsing the whole catalogue, maybe by category, price or stock) it is NOT
 *   MATERIALIZED: the planner counts the categories from parts_category_idx and reads the page
 *   in the order of an index (migrations 0014, 0135) instead of sorting every part.
 * `buyer`: a member whose company has price lists (`app.contractBuyer`); sorting by price then
 * sorts, and a price range filters, by their price at the part's minimum order (the one their cards
 * show, decision 219): their rates worked out once in the statement and joined to the matches —
 * with a text or a vehicle in the MATERIALIZED matches; browsing, in `priced`, which only the page
 * reads (its category's parts) unless a range makes the counts read it too.
 */
export async function searchParts(db: Db, query: SearchQuery, buyer?: string): Promise<SearchResult> {
  const result = await (await searchStatement(db, query, buyer)).executeTakeFirstOrThrow();

  const facets = result.facets.flatMap((row) => (row.slug && row.name ? [{ slug: row.slug, name: row.name, count: Number(row.count) }] : []));
  const total = result.facets
    .filter((row) => !query.category || row.slug === query.category)
    .reduce((sum, row) => sum + Number(row.count), 0);

  const replaces = await createPartChangesRepository(db).replacesOf(result.items.map((item) => item.id));
  return {
    items: result.items.map((item) => ({ ...toCatalogPart(item), replaces: replaces.get(item.id) ?? [], noLongerMade: isEnded(item.lifecycle_code) })),
    total,
    page: query.page,
    pageSize: SEARCH_PAGE_SIZE,
    facets: { categories: facets },
  };
}

/** The one statement of a search (searchParts), not yet run: its plan is tested. */
export async function searchStatement(db: Db, query: SearchQuery, buyer?: string) {
  const q = query.q?.trim() ?? '';
  const text = q ? await textMatch(db, q) : undefined;
  const selective = text !== undefined || query.vehicle !== undefined;
  // A member with contract prices sorts and filters by the price they pay (decision 085; the price
  // filter, decision 191): their rates are worked out once and joined to the matches; everyone
  // else, and a member's search without a price sort or range, by everyone's price, that of the
  // minimum order stored with the part (decision 224; `parts_min_order_price_idx`, migration 0135).
  const byPrice = query.sort === 'price-asc' || query.sort === 'price-desc' || query.minPrice !== undefined || query.maxPrice !== undefined;
  const byMemberPrice = buyer !== undefined && byPrice;

  // Everything but the category: the facets count the categories within these.
  const matched = db
    .selectFrom('parts')
    .where((eb) => {
      // A renumbered or superseded part is not listed: its page moved to the part replacing it.
      const conditions: Expression<SqlBool>[] = [eb('parts.archived_at', 'is', null), eb('parts.lifecycle_code', 'not in', [...REPLACED_CODES])];
      if (text) conditions.push(text.matches);
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
      // Everyone's price is that of the minimum order (decision 224), and a member's is never above
      // it (decision 104): one below the lowest asked for is below theirs too, so that bound holds
      // for everyone here; the highest is the member's own (below), as everyone's price above it
      // may be theirs below it.
      if (query.minPrice !== undefined) conditions.push(eb('parts.min_order_price_cents', '>=', dollarsToCents(query.minPrice)));
      if (query.maxPrice !== undefined && !byMemberPrice) conditions.push(eb('parts.min_order_price_cents', '<=', dollarsToCents(query.maxPrice)));
      // In stock means it can be bought: on sale (a part no longer made is not, whatever is left of it)
      // with at least its minimum order in stock (below it no order can be placed; its page says "Out of stock").
      if (query.inStock) conditions.push(eb('parts.available_quantity', '>=', eb.ref('parts.min_order_quantity')), onSale);
      return eb.and(conditions);
    })
    .select([
      'parts.id',
      'parts.category_slug',
      'parts.price_cents',
      'parts.min_order_price_cents',
      'parts.min_order_quantity',
      // What the page is sorted and a price range filtered by: everyone's price here; a member's
      // own (`pricedFrom`, below) when they sort or filter by price.
      'parts.min_order_price_cents as sort_price_cents',
      'parts.name',
      'parts.seq',
      (text?.rank ?? sql<number>`0`).as('rank'),
    ]);
  type Matched = InferResult<typeof matched>[number];

  const member = buyer !== undefined && byMemberPrice ? memberUnitCentsSql(buyer) : undefined;
  const range = [
    ...(query.minPrice !== undefined ? [sql`priced.sort_price_cents >= ${dollarsToCents(query.minPrice)}`] : []),
    ...(query.maxPrice !== undefined ? [sql`priced.sort_price_cents <= ${dollarsToCents(query.maxPrice)}`] : []),
  ];
  // The member's price of each row of `source` (its range applied).
  const pricedFrom = (source: RawBuilder<unknown>, rates: NonNullable<typeof member>) => sql<Matched>`(
    select * from (
      with ${rates.ctes}
      select listed.id, listed.category_slug, listed.price_cents, listed.min_order_price_cents, listed.min_order_quantity, ${rates.unitCents('listed')} as sort_price_cents, listed.name, listed.seq, listed.rank
      from ${source} as listed
      ${rates.joinedTo('listed')}
    ) as priced
    ${range.length > 0 ? sql`where ${sql.join(range, sql` and `)}` : sql``}
  )`;
  // With a text or a vehicle, the few thousand matches are priced in `matched` itself, once for the
  // page and the counts. Browsing, `matched` stays everyone's and `priced` prices what the page
  // reads: named once, it is inlined and the page's category goes into it, so a category's page
  // prices that category's parts, not the catalogue's (docs/benchmarks.md), while the counts read
  // `matched` by its index as everyone's do; a range, which the counts obey too, names it twice and
  // it is worked out once.
  const pricedApart = member !== undefined && !selective;
  const matches = member && selective ? pricedFrom(sql`(${matched})`, member) : matched;
  // Otherwise `priced` is only a name nothing reads (PostgreSQL skips a CTE no one names), kept so
  // that the statement's shape and types are one.
  const pricedRows = member && pricedApart ? pricedFrom(sql`matched`, member) : sql<Matched>`(select * from matched)`;
  const counted = pricedApart && range.length > 0 ? 'priced' : 'matched';

  // The order of the page: the sort asked for, then the catalogue's own order.
  type SortKey = ['sort_price_cents' | 'name' | 'rank' | 'seq', 'asc' | 'desc'];
  const sortKeys: SortKey[] = [
    ...((): SortKey[] => {
      switch (query.sort) {
        case 'price-asc':
          return [['sort_price_cents', 'asc']];
        case 'price-desc':
          return [['sort_price_cents', 'desc']];
        case 'name':
          return [['name', 'asc']];
        default:
          return text ? [['rank', 'desc']] : [];
      }
    })(),
    ['seq', 'asc'],
  ];

  return db
    .with((cte) => (selective ? cte('matched').materialized() : cte('matched').notMaterialized()), () => matches)
    .with('priced', () => pricedRows)
    .with('page', (qb) => {
      const from = pricedApart ? 'priced' : 'matched';
      const inCategory = query.category ? qb.selectFrom(from).where('category_slug', '=', query.category) : qb.selectFrom(from);
      return sortKeys
        .reduce((ordered, [key, direction]) => ordered.orderBy(key, direction), inCategory.select(['id', 'sort_price_cents', 'name', 'rank', 'seq']))
        .limit(SEARCH_PAGE_SIZE)
        .offset((query.page - 1) * SEARCH_PAGE_SIZE);
    })
    .selectNoFrom((eb) => [
      // The page's 24 parts in full, sorted again (a join keeps no order); json_agg keeps it.
      jsonArrayFrom(
        sortKeys.reduce(
          (ordered, [key, direction]) => ordered.orderBy(`page.${key}`, direction),
          eb
            .selectFrom('page')
            .innerJoin('parts', 'parts.id', 'page.id')
            .leftJoin('categories', 'categories.slug', 'parts.category_slug')
            .select([...partColumns, 'parts.part_number', 'parts.category_slug', 'categories.name as category_name', 'parts.lifecycle_code']),
        ),
      ).as('items'),
      // The counts per category (parts without one too) give the total as well.
      // Counted first, named after: the join is with ten rows, not with every match.
      jsonArrayFrom(
        eb
          .selectFrom((qb) =>
            qb
              .selectFrom(counted)
              .select(['category_slug', (count) => count.fn.countAll<string>().as('count')])
              .groupBy('category_slug')
              .as('counted'),
          )
          .leftJoin('categories', 'categories.slug', 'counted.category_slug')
          .select(['counted.category_slug as slug', 'categories.name', 'counted.count'])
          .orderBy('categories.position'),
      ).as('facets'),
    ]);
}
