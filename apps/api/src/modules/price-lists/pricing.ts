import {
  centsToDollars,
  contractPrice,
  contractRule,
  HUNDRED_PERCENT_BP,
  memberPrice,
  memberPriceBreaks,
  priceBreaksToDollars,
  retailWinsRule,
  unitPriceCents,
  type MemberContractPrice,
  type ContractEntry,
  type ContractList,
  type ContractPrice,
  type PriceBreakCents,
  type PricedPart,
} from '@autoparts/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Expression } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../db/database';
import { isId } from '../../lib/ids';

type Executor = Pick<Db, 'selectFrom'>;

/** Whose contract prices: a member's (by user) or a company's (the admins' explain tool). */
export type PricedFor = { userId: string } | { companyId: string };

/** The day a list's dates are read against: today in UTC (decision 080). */
const pricingDay = () => new Date().toISOString().slice(0, 10);

/** The contract prices of some parts for one company, as read in one query. */
export interface ContractPrices {
  /** The contract price of `quantity` units of the part, or undefined: no list of the company prices it. */
  of(partId: string, quantity: number): ContractPrice | undefined;
}

/** No contract prices: a visitor's, or a company's without lists. */
export const noContracts: ContractPrices = { of: () => undefined };

/**
 * The contract prices of the parts in `partIds` for a member's or a company's price lists: one
 * query for a page of parts, whatever its size. It reads, for each part, the entries of the
 * company's lists for that part or its category, with their tiers; `contractPrice` (shared) picks
 * among them by priority, dates and quantity. A caller with no company, or a company with no
 * lists, costs one small query and prices nothing.
 */
export async function contractPricesFor(db: Executor, whose: PricedFor, partIds: readonly string[], day = pricingDay()): Promise<ContractPrices> {
  const ids = [...new Set(partIds.filter(isId))];
  if (ids.length === 0) return noContracts;
  let companies = db.selectFrom('company_price_lists').select(['company_price_lists.price_list_id']);
  companies =
    'userId' in whose
      ? companies.innerJoin('company_members', 'company_members.company_id', 'company_price_lists.company_id').where('company_members.user_id', '=', whose.userId)
      : isId(whose.companyId)
        ? companies.where('company_price_lists.company_id', '=', whose.companyId)
        : companies.where(sql<boolean>`false`);
  const rows = await db
    .selectFrom('parts')
    .innerJoin('price_list_entries as entry', (join) =>
      join.on((eb) => eb.or([eb('entry.part_id', '=', eb.ref('parts.id')), eb('entry.category_slug', '=', eb.ref('parts.category_slug'))])),
    )
    .innerJoin('price_lists as list', 'list.id', 'entry.price_list_id')
    .where('entry.price_list_id', 'in', companies)
    .where('parts.id', 'in', ids)
    .select((eb) => [
      'parts.id as part_id',
      'parts.category_slug',
      'parts.price_cents',
      'list.id as list_id',
      'list.name',
      'list.priority',
      sql<string | null>`list.starts_on::text`.as('starts_on'),
      sql<string | null>`list.ends_on::text`.as('ends_on'),
      'entry.part_id as entry_part_id',
      'entry.category_slug as entry_category_slug',
      'entry.unit_price_cents',
      'entry.percent_off_bp',
      jsonArrayFrom(
        eb
          .selectFrom('price_list_tiers')
          .select(['min_quantity', 'unit_price_cents', 'percent_off_bp'])
          .whereRef('price_list_tiers.entry_id', '=', 'entry.id'),
      ).as('tiers'),
    ])
    .execute();
  if (rows.length === 0) return noContracts;

  const byPart = new Map<string, { part: PricedPart; lists: Map<string, ContractList & { entries: ContractEntry[] }> }>();
  for (const row of rows) {
    let priced = byPart.get(row.part_id);
    if (!priced) {
      priced = { part: { id: row.part_id, categorySlug: row.category_slug, listPriceCents: row.price_cents }, lists: new Map() };
      byPart.set(row.part_id, priced);
    }
    let list = priced.lists.get(row.list_id);
    if (!list) {
      list = { id: row.list_id, name: row.name, priority: row.priority, startsOn: row.starts_on, endsOn: row.ends_on, entries: [] };
      priced.lists.set(row.list_id, list);
    }
    list.entries.push({
      ...rate(row),
      partId: row.entry_part_id,
      categorySlug: row.entry_category_slug,
      tiers: row.tiers.map((tier) => ({ ...rate(tier), minQuantity: tier.min_quantity })),
    });
  }
  return {
    of: (partId, quantity) => {
      const priced = byPart.get(partId);
      return priced && contractPrice([...priced.lists.values()], priced.part, quantity, day);
    },
  };
}

function rate(row: { unit_price_cents: number | null; percent_off_bp: number | null }) {
  return row.unit_price_cents !== null ? { unitPriceCents: row.unit_price_cents } : { percentOffBp: row.percent_off_bp ?? 0 };
}

/**
 * A member's price, in SQL, for sorting and filtering search by it (decision 085, amended
 * 2026-12-05 and by 219): what they pay a unit at the part's minimum order, as `asMemberSees`
 * shows it. The first entry of the member's company's lists in force on `day`, by priority, name
 * and id, the part's own entry before its category's, as `contractPrice` decides, at its deepest
 * tier the minimum order reaches (a tier starts at 2: at a minimum order of 1, the entry's own
 * rate); or the retail price of the minimum order (the list price, or its deepest retail break the
 * minimum reaches) when it is lower (decision 104), and with no entry. A percentage is rounded half
 * up to the cent, as `percentOffCents`.
 *
 * Worked out once per statement, not per part: `ctes` are the member's entries (entries × lists
 * in force × their company's assignments × the member), the first by list per part
 * (`own_rates`) and per category (`category_rates`); `joinedTo(alias)` joins them to the rows of
 * `alias` (its `id`, `category_slug`, `price_cents`, `min_order_quantity` and
 * `min_order_price_cents`) by equality, and `unitCents(alias)` picks the entry whose list comes
 * first (the part's own on a tie: the same list), at the tier its minimum order reaches (the tiers
 * read as arrays, `tier_sets`), against the retail price of the minimum order stored with the part
 * (`min_order_price_cents`, decision 224; 219 worked out the breaks reached in a CTE of its own).
 * A correlated subquery per part cost 2.4 s for a member's price sort of 100,000 parts
 * (docs/benchmarks.md).
 */
export function memberUnitCentsSql(userId: string, day = pricingDay()) {
  const rate = (entry: string, listPrice: string) =>
    sql`coalesce(${sql.ref(`${entry}.unit_price_cents`)}, ${percentOffCentsSql(sql.ref(listPrice), sql.ref(`${entry}.percent_off_bp`))})`;
  // One per part and one per category: a CTE of each keeps the planner's row estimates of the
  // joins near the truth (one of both together looked like a many-to-many join to it). Each entry
  // with its tiers as arrays by starting quantity (`tier_sets`).
  const firstBy = (key: 'part_id' | 'category_slug') => sql`
      select distinct on (entry.${sql.ref(key)})
             entry.${sql.ref(key)}, entry.unit_price_cents, entry.percent_off_bp, list.priority, list.name, list.id as list_id,
             tier_set.quantities as tier_quantities, tier_set.unit_prices as tier_unit_prices, tier_set.percents as tier_percents
      from price_list_entries as entry
      join price_lists as list on list.id = entry.price_list_id
      left join tier_sets as tier_set on tier_set.entry_id = entry.id
      where entry.${sql.ref(key)} is not null
        and list.id in (select price_list_id from member_lists)
        and (list.starts_on is null or list.starts_on <= ${day}::date)
        and (list.ends_on is null or ${day}::date <= list.ends_on)
      order by entry.${sql.ref(key)}, list.priority, list.name, list.id`;
  // Arrays, read by `width_bucket` rather than by a subquery per part (decision 219: one per part
  // made the statement's estimate pass JIT's threshold, and JIT compiling cost a second).
  const member = sql`
      member_lists as materialized (
        select assigned.price_list_id
        from company_price_lists as assigned
        join company_members as member on member.company_id = assigned.company_id
        where member.user_id = ${userId}),
      tier_sets as materialized (
        select tier.entry_id,
               array_agg(tier.min_quantity order by tier.min_quantity) as quantities,
               array_agg(tier.unit_price_cents order by tier.min_quantity) as unit_prices,
               array_agg(tier.percent_off_bp order by tier.min_quantity) as percents
        from price_list_tiers as tier
        join price_list_entries as entry on entry.id = tier.entry_id
        where entry.price_list_id in (select price_list_id from member_lists)
        group by tier.entry_id),
      own_rates as materialized (${firstBy('part_id')}),
      category_rates as materialized (${firstBy('category_slug')})`;
  return {
    ctes: member,
    joinedTo: (alias: string) => sql`
      left join own_rates as own_rate on own_rate.part_id = ${sql.ref(`${alias}.id`)}
      left join category_rates as category_rate on category_rate.category_slug = ${sql.ref(`${alias}.category_slug`)}`,
    unitCents: (alias: string) => {
      const listPrice = sql.ref(`${alias}.price_cents`);
      // The deepest starting quantity the part's minimum order reaches: its place in the array
      // from 1, 0 for none, null for no array (`width_bucket` counts those at or below it).
      const reached = (quantities: string) => sql`width_bucket(${sql.ref(`${alias}.min_order_quantity`)}, ${sql.ref(quantities)})`;
      // An entry's rate at the minimum order: the deepest tier it reaches, else the entry's own.
      const atMinimum = (entry: string) => {
        const at = reached(`${entry}.tier_quantities`);
        return sql`case when ${at} > 0
          then coalesce(${sql.ref(`${entry}.tier_unit_prices`)}[${at}], ${percentOffCentsSql(listPrice, sql`${sql.ref(`${entry}.tier_percents`)}[${at}]`)})
          else ${rate(entry, `${alias}.price_cents`)} end`;
      };
      // Never above the retail price of the same quantity (a member pays the lower: decision 104):
      // the deepest retail break the minimum order reaches, else the list price, as stored with
      // the part for everyone (migration 0135, decision 224).
      const retail = sql.ref(`${alias}.min_order_price_cents`);
      return sql<number>`least(case
      when own_rate.list_id is not null
           and (category_rate.category_slug is null
                or (own_rate.priority, own_rate.name, own_rate.list_id) <= (category_rate.priority, category_rate.name, category_rate.list_id))
        then ${atMinimum('own_rate')}
      when category_rate.category_slug is not null then ${atMinimum('category_rate')}
      else ${retail}
    end, ${retail})`;
    },
  };
}

/**
 * `percentOffCents` (the money module) in SQL: the list price less a percentage off in basis
 * points, rounded half up to the cent by the same division of the same whole, `(2n + d) / 2d` in
 * integers (`divideHalfUp`; PostgreSQL's integer division of non-negative numbers is its floor),
 * in `bigint` as a price of $1,000,000 times 10,000 is past `int`. `pricing-sql.test.ts` holds it
 * to `percentOffCents` over every percentage and many prices, on PGlite and PostgreSQL.
 */
export function percentOffCentsSql(listPriceCents: Expression<unknown>, percentOffBp: Expression<unknown>) {
  const whole = sql.lit(HUNDRED_PERCENT_BP);
  return sql<number>`((2 * ${listPriceCents}::bigint * (${whole} - ${percentOffBp}) + ${whole}) / (2 * ${whole}))::int`;
}

/**
 * What a member's part reads are priced from (`asMemberSees`): their contract prices, and each
 * part's list price, retail breaks and minimum order as the database has them now.
 */
export interface MemberReadPrices {
  contracts: ContractPrices;
  retail: ReadonlyMap<string, { listPriceCents: number; breaks: PriceBreakCents[]; minOrderQuantity: number }>;
}

/**
 * The prices of some parts for whoever calls: undefined for a visitor or a member without lists,
 * whose replies are everyone's (and kept by the public cache); a member's own otherwise.
 */
export const contractPricesOfCaller = (app: FastifyInstance) => async (request: FastifyRequest, partIds: readonly string[]): Promise<MemberReadPrices | undefined> => {
  const buyer = await app.contractBuyer(request);
  if (!buyer) return undefined;
  const ids = [...new Set(partIds.filter(isId))];
  const [contracts, parts] = await Promise.all([
    contractPricesFor(app.db, { userId: buyer }, ids),
    ids.length === 0
      ? []
      : app.db
          .selectFrom('parts')
          .select((eb) => [
            'parts.id',
            'parts.price_cents',
            'parts.min_order_quantity',
            jsonArrayFrom(
              eb.selectFrom('part_price_breaks').select(['min_quantity as minQuantity', 'unit_price_cents as unitPriceCents']).whereRef('part_price_breaks.part_id', '=', 'parts.id'),
            ).as('breaks'),
          ])
          .where('parts.id', 'in', ids)
          .execute(),
  ]);
  return {
    contracts,
    retail: new Map(parts.map((part) => [part.id, { listPriceCents: part.price_cents, breaks: part.breaks, minOrderQuantity: part.min_order_quantity }])),
  };
};

/**
 * THE price a line gets (cart, quick order, checkout quote, placed order, explain): the lower of
 * the contract price, when a list of the buyer's company prices the part, and the retail price —
 * the list price or the deepest price break the quantity reaches (shared `unitPriceCents`). A
 * member never pays more than anyone else for the same quantity (shared `memberPrice`, decision 104).
 */
export function linePrice(contracts: ContractPrices, part: { id: string; price_cents: number }, breaks: readonly PriceBreakCents[], quantity: number): MemberContractPrice {
  return memberPrice(contracts.of(part.id, quantity), unitPriceCents(quantity, part.price_cents, breaks));
}

/**
 * A part as a member reads it: `price` is what they pay a unit at the least quantity they may
 * order — the part's minimum order (decision 219; one unit before, though a minimum order reaching
 * a contract tier or a retail break never pays it) — by `linePrice`, as the cart and checkout
 * charge that quantity; `listPrice` beside it only when the retail price of that quantity, which
 * everyone else is shown (decision 224), is higher; and
 * `priceBreaks` (when the reply has them) the member's own — wherever a contract tier or a retail
 * break starts, the lower price from there — so the browser's arithmetic (shared `unitPriceCents`
 * of `price` and them) gives the server's price at every quantity that may be ordered. A visitor's
 * or a listless member's reply (`prices` undefined) is left as it is: everyone's, the retail price
 * of the minimum order (`parts.min_order_price_cents`, decision 224).
 */
export function asMemberSees<T extends { _id: string; price: number; minOrderQuantity: number; priceBreaks?: Array<{ minQuantity: number; unitPrice: number }> }>(
  prices: MemberReadPrices | undefined,
  part: T,
): T {
  const retail = prices?.retail.get(part._id);
  if (!prices || !retail) return part;
  const { contracts } = prices;
  const { listPriceCents, breaks } = retail;
  const lineAt = (quantity: number) => linePrice(contracts, { id: part._id, price_cents: listPriceCents }, breaks, quantity);
  const priceAt = (quantity: number) => lineAt(quantity).unitPriceCents;
  // The least quantity that may be ordered: the minimum order, 1 or more (its column checks it).
  const { unitPriceCents: shownCents, retailCents } = lineAt(retail.minOrderQuantity);
  const priced: T = { ...part, price: centsToDollars(shownCents) };
  // Struck through beside it: what everyone else pays at that quantity (decision 224), as the cart's line says.
  if (shownCents < retailCents) Object.assign(priced, { listPrice: centsToDollars(retailCents) });
  if (part.priceBreaks) {
    const tiers = contracts.of(part._id, 1)?.entry.tiers ?? [];
    const starts = [...tiers.map((tier) => tier.minQuantity), ...breaks.map((tier) => tier.minQuantity)];
    priced.priceBreaks = priceBreaksToDollars(memberPriceBreaks(priceAt, starts));
  }
  return priced;
}

/** The admins' explain tool: the price of `quantity` units for a company (or a visitor), and why. */
export async function explainPrice(db: Db, companyId: string | undefined, which: { partId?: string | undefined; partNumber?: string | undefined }, quantity: number) {
  const { partId: id, partNumber } = which;
  const parts = db.selectFrom('parts').select(['id', 'price_cents']);
  const part =
    id !== undefined ? (isId(id) ? await parts.where('id', '=', id).executeTakeFirst() : undefined) : await parts.where('part_number', '=', partNumber ?? '').executeTakeFirst();
  if (!part) return undefined;
  const partId = part.id;
  const [contracts, breaks] = await Promise.all([
    companyId ? contractPricesFor(db, { companyId }, [partId]) : noContracts,
    db.selectFrom('part_price_breaks').select(['min_quantity as minQuantity', 'unit_price_cents as unitPriceCents']).where('part_id', '=', partId).execute(),
  ]);
  const price = linePrice(contracts, { id: partId, price_cents: part.price_cents }, breaks, quantity);
  const { contract } = price;
  const reached = breaks.filter((tier) => quantity >= tier.minQuantity).sort((a, b) => b.minQuantity - a.minQuantity)[0];
  return {
    unitPrice: centsToDollars(price.unitPriceCents),
    listPrice: centsToDollars(part.price_cents),
    retailPrice: centsToDollars(price.retailCents),
    contractPrice: contract ? centsToDollars(contract.unitPriceCents) : null,
    priceListId: price.retailWins ? null : (contract?.list.id ?? null),
    rule: !contract
      ? reached
        ? `No price list prices this part: list price break ${reached.minQuantity}+`
        : 'No price list prices this part: list price'
      : price.retailWins
        ? retailWinsRule({ retailCents: price.retailCents, contract }, reached)
        : contractRule(contract),
  };
}
