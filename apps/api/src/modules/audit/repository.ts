import type { AuditAction, AuditEntry, AuditFilters } from '@autoparts/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isId } from '../../lib/ids';
import { escapeLike } from '../../lib/like';
import { withTransaction } from '../../lib/transaction';
import type { Identity } from '../auth/identity';
import { auditSentence, type AuditLookups, type ParcelLine } from './sentence';

export interface AuditRecord {
  action: AuditAction;
  target: string;
  details?: Record<string, unknown>;
}

/**
 * An admin change and its audit row in one transaction: both are written or neither.
 * `change` runs on the transaction; `entry` says what to record of its result (nothing when the
 * change did not happen, e.g. the target was not found).
 */
export async function audited<T>(
  db: Db,
  actor: Identity,
  change: (trx: Db) => Promise<T>,
  entry: (result: T) => AuditRecord | undefined,
): Promise<T> {
  return withTransaction(db, async (trx) => {
    const result = await change(trx);
    const record = entry(result);
    if (record) await createAuditLog(trx).record(actor, record.action, record.target, record.details);
    return result;
  });
}

/** `q` as an order number is written (`order_number::text`): its digits, the number it is, or none. */
function orderNumberOf(q: string): string | undefined {
  if (!/^-?(0|[1-9][0-9]*)$/.test(q)) return undefined;
  const number = BigInt(q);
  return number >= -(2n ** 63n) && number < 2n ** 63n ? q : undefined;
}

/**
 * The entries a search `q` (lowercase) finds, by seq: those whose admin, target or e-mail in its
 * details contains it, and those naming an order (by its number, its customer's e-mail or one of
 * its lines' part numbers) or a part (by its number) that does. Each set is found by an index
 * (decision 229, migration 0138: trigram indexes on what is searched, `audit_log_target` from an
 * order or a part to the entries naming it) instead of reading every entry with its order and part.
 * What "contains" means is `strpos(lower(…), q) > 0`, as it was: `lower(…) like '%q%'`, escaped.
 */
function searched(q: string) {
  const contains = `%${escapeLike(q)}%`;
  const orderNumber = orderNumberOf(q);
  return sql<string>`(
    select seq from audit_log
      where lower(actor_email) like ${contains}
         or lower(target) like ${contains}
         or lower(coalesce(details->>'email', details->>'recipient', '')) like ${contains}
    union
    select seq from audit_log where target in (
      ${orderNumber === undefined ? sql`select null::text where false` : sql`select 'order ' || id::text from orders where order_number = ${orderNumber}::bigint`}
      union select 'order ' || id::text from orders where lower(email) like ${contains}
      union select 'order ' || order_id::text from order_lines where lower(part_number) like ${contains}
      -- search_text (lowercase, the part number first) holds every part number that matches: its
      -- trigram index finds them, the second test keeps those whose number itself does.
      union select 'part ' || id::text from parts where search_text like ${contains} and lower(part_number) like ${contains}
    )
  )`;
}

export function createAuditLog(db: Db) {
  return {
    async record(actor: Identity, action: AuditAction, target: string, details: Record<string, unknown> = {}) {
      await db
        .insertInto('audit_log')
        .values({
          actor_id: actor.userId,
          actor_email: actor.email,
          action,
          target,
          details: JSON.stringify(details),
        })
        .execute();
    },

    /**
     * A page of entries, newest first, filtered as `query` asks, each with its sentence (what a
     * person reads: the parts, orders and reviews named as they are now).
     */
    async list(query: AuditFilters): Promise<AuditEntry[]> {
      const { limit, page, actor, action, from, to } = query;
      const q = query.q?.toLowerCase();
      let select = db.selectFrom('audit_log').selectAll('audit_log');
      if (actor) select = select.where('audit_log.actor_email', '=', actor);
      if (action) select = select.where('audit_log.action', '=', action);
      if (from) select = select.where('audit_log.created_at', '>=', new Date(from));
      if (to) select = select.where('audit_log.created_at', '<', new Date(to));
      if (q) select = select.where('audit_log.seq', 'in', searched(q));
      const rows = await select
        .orderBy('audit_log.seq', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute();
      const lookups = await lookUp(db, rows);
      return rows.map((row) => ({
        _id: row.id,
        actor: row.actor_email,
        action: row.action,
        target: row.target,
        details: row.details,
        sentence: auditSentence(row, lookups),
        createdAt: row.created_at.toISOString(),
      }));
    },

    /** Every admin who appears in the log, for its filter: admins since removed too. */
    async actors(): Promise<string[]> {
      // One step of `audit_log_actor_seq` per admin, the next e-mail after the last, rather than
      // every entry read to keep the distinct ones (decision 229): the same e-mails, in order.
      const rows = await sql<{ actor_email: string }>`
        with recursive actors as (
          select min(actor_email) as actor_email from audit_log
          union all
          select (select min(actor_email) from audit_log where actor_email > actors.actor_email) from actors where actors.actor_email is not null
        )
        select actor_email from actors where actor_email is not null
      `.execute(db);
      return rows.rows.map((row) => row.actor_email);
    },
  };
}

/** What a page of rows names: its parts, orders (and replacement orders), parcels, reviews, vehicles and companies, in one query each. */
async function lookUp(db: Db, rows: ReadonlyArray<{ target: string; details: Record<string, unknown> }>): Promise<AuditLookups> {
  const ids = { part: new Set<string>(), order: new Set<string>(), review: new Set<string>(), shipment: new Set<string>(), vehicle: new Set<string>(), company: new Set<string>() };
  const add = (set: Set<string>, value: unknown) => {
    if (typeof value === 'string' && isId(value)) set.add(value);
  };
  for (const { target, details } of rows) {
    const [kind, id] = target.split(' ', 2);
    if (kind === 'part' || kind === 'order' || kind === 'review' || kind === 'company') add(ids[kind], id);
    add(ids.shipment, details.shipment);
    add(ids.order, details.replacementOrderId);
    add(ids.vehicle, details.vehicleId);
    if (Array.isArray(details.lines)) for (const line of details.lines as Array<{ partId?: unknown }>) add(ids.part, line.partId);
  }
  const none = Promise.resolve([]);
  const [parts, orders, reviews, vehicles, parcels, companies] = await Promise.all([
    ids.part.size ? db.selectFrom('parts').select(['id', 'name', 'part_number']).where('id', 'in', [...ids.part]).execute() : none,
    ids.order.size ? db.selectFrom('orders').select(['id', 'order_number', 'email']).where('id', 'in', [...ids.order]).execute() : none,
    ids.review.size ? db.selectFrom('reviews').select(['id', 'name']).where('id', 'in', [...ids.review]).execute() : none,
    ids.vehicle.size ? db.selectFrom('vehicles').select(['id', 'year', 'make', 'model']).where('id', 'in', [...ids.vehicle]).execute() : none,
    ids.shipment.size
      ? db
          .selectFrom('shipment_lines')
          .innerJoin('order_lines', (join) => join.onRef('order_lines.order_id', '=', 'shipment_lines.order_id').onRef('order_lines.position', '=', 'shipment_lines.position'))
          .select(['shipment_lines.shipment_id', 'shipment_lines.quantity', 'order_lines.quantity as ordered', 'order_lines.name', 'order_lines.part_number'])
          .where('shipment_lines.shipment_id', 'in', [...ids.shipment])
          .orderBy('shipment_lines.position')
          .execute()
      : none,
    ids.company.size ? db.selectFrom('companies').select(['id', 'name']).where('id', 'in', [...ids.company]).execute() : none,
  ]);
  const lines = new Map<string, ParcelLine[]>();
  for (const line of parcels) {
    const list = lines.get(line.shipment_id) ?? [];
    list.push({ name: line.name, partNumber: line.part_number, quantity: line.quantity, ordered: line.ordered });
    lines.set(line.shipment_id, list);
  }
  return {
    parts: new Map(parts.map((part) => [part.id, { name: part.name, partNumber: part.part_number }])),
    orders: new Map(orders.map((order) => [order.id, { orderNumber: order.order_number, email: order.email }])),
    reviews: new Map(reviews.map((review) => [review.id, review.name])),
    vehicles: new Map(vehicles.map((vehicle) => [vehicle.id, `${vehicle.year} ${vehicle.make} ${vehicle.model}`])),
    parcels: lines,
    companies: new Map(companies.map((company) => [company.id, company.name])),
  };
}
