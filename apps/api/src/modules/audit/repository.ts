import type { AuditAction, AuditEntry, AuditFilters } from '@autoparts/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isId } from '../../lib/ids';
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
      let select = db
        .selectFrom('audit_log')
        .leftJoin('orders', (join) => join.on(sql<boolean>`audit_log.target = 'order ' || orders.id::text`))
        .leftJoin('parts', (join) => join.on(sql<boolean>`audit_log.target = 'part ' || parts.id::text`))
        .selectAll('audit_log');
      if (actor) select = select.where('audit_log.actor_email', '=', actor);
      if (action) select = select.where('audit_log.action', '=', action);
      if (from) select = select.where('audit_log.created_at', '>=', new Date(from));
      if (to) select = select.where('audit_log.created_at', '<', new Date(to));
      if (q) {
        // An order number, a part number (of a part, or of a line of an order) or an e-mail.
        select = select.where(
          sql<boolean>`(
            orders.order_number::text = ${q}
            or strpos(lower(parts.part_number), ${q}) > 0
            or exists (select 1 from order_lines where order_lines.order_id = orders.id and strpos(lower(order_lines.part_number), ${q}) > 0)
            or strpos(lower(audit_log.actor_email), ${q}) > 0
            or strpos(lower(audit_log.target), ${q}) > 0
            or strpos(lower(orders.email), ${q}) > 0
            or strpos(lower(coalesce(audit_log.details->>'email', audit_log.details->>'recipient', '')), ${q}) > 0
          )`,
        );
      }
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
      const rows = await db.selectFrom('audit_log').select('actor_email').distinct().orderBy('actor_email').execute();
      return rows.map((row) => row.actor_email);
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
