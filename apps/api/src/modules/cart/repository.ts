import {
  CART_MAX_LINES,
  cartLineSetMessages,
  cartMessages,
  catalogueMessages,
  cartQuantityProblem,
  centsToDollars,
  isEnded,
  numberKey,
  parseQuickOrder,
  REPLACED_CODES,
  partChangeMessages,
  partPromiseMessages,
  toOurQuantity,
  type BuyAgainReply,
  type Cart,
  type CartEntry,
  type CartLine,
  type PriceBreakCents,
  type QuickOrderProblem,
  lineTotalCents,
  orderTotalCents,
  sumCents,
} from '@autoparts/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { isId } from '../../lib/ids';
import { createPartChangesRepository } from '../part-changes/repository';
import { contractPricesFor, linePrice, noContracts } from '../price-lists/pricing';

type Executor = Pick<Db, 'selectFrom'>;

/**
 * What a line's part says about it: the columns a line shows and is checked against, a cart's
 * (here) and a checkout's (`checkout/quote.ts`, which adds its weight and price breaks).
 */
export interface PartFacts {
  id: string;
  part_number: string;
  name: string;
  img: string;
  price_cents: number;
  available_quantity: number;
  min_order_quantity: number;
  archived_at: Date | null;
  /** Per unit; null when the part has none. */
  core_deposit_cents: number | null;
  /** PIES life-cycle code: a part no longer made (8, 9) cannot be ordered. */
  lifecycle_code: string;
}

const partColumns = [
  'parts.id',
  'parts.part_number',
  'parts.name',
  'parts.img',
  'parts.price_cents',
  'parts.available_quantity',
  'parts.min_order_quantity',
  'parts.archived_at',
  'parts.core_deposit_cents',
  'parts.lifecycle_code',
] as const;

/**
 * Why a line of `quantity` units of `part` cannot be checked out as it is, or null: the part was
 * archived, is no longer made, is sold out, or the quantity is below its minimum or above its stock.
 */
function lineProblem(part: Pick<PartFacts, 'archived_at' | 'lifecycle_code' | 'available_quantity' | 'min_order_quantity'>, quantity: number): string | null {
  if (part.archived_at) return cartMessages.archived;
  if (isEnded(part.lifecycle_code)) return partChangeMessages.noLongerMadeLine;
  return cartQuantityProblem({ minOrderQuantity: part.min_order_quantity, availableQuantity: part.available_quantity }, quantity);
}

/**
 * Why quick order or "Buy again" does not add `quantity` units of `part`, or null: `lineProblem`'s
 * reasons, in words for a line that never reached the cart (nothing to remove).
 */
function notAddedProblem(part: Pick<PartFacts, 'archived_at' | 'lifecycle_code' | 'available_quantity' | 'min_order_quantity'>, quantity: number): string | null {
  if (part.archived_at) return cartMessages.notAdded.archived;
  if (isEnded(part.lifecycle_code)) return cartMessages.notAdded.noLongerMade;
  if (part.available_quantity <= 0) return cartMessages.notAdded.soldOut;
  return lineProblem(part, quantity);
}

/**
 * Why `setQuantity` sets no `quantity` units of `part`, or null: `lineProblem`'s reasons, in words
 * for adding the part or changing its line (a part that cannot be ordered at all is not asked to be
 * removed, as a line the cart shows is).
 */
function setLineProblem(part: Pick<PartFacts, 'archived_at' | 'lifecycle_code' | 'available_quantity' | 'min_order_quantity'>, quantity: number): string | null {
  if (part.archived_at) return cartLineSetMessages.archived;
  if (isEnded(part.lifecycle_code)) return cartLineSetMessages.noLongerMade;
  if (part.available_quantity <= 0) return cartLineSetMessages.soldOut;
  return lineProblem(part, quantity);
}

/** Each part's price breaks, deepest last. */
async function breaksOf(db: Executor, partIds: readonly string[]): Promise<Map<string, PriceBreakCents[]>> {
  const byPart = new Map<string, PriceBreakCents[]>();
  if (partIds.length === 0) return byPart;
  const rows = await db
    .selectFrom('part_price_breaks')
    .select(['part_id', 'min_quantity', 'unit_price_cents'])
    .where('part_id', 'in', [...partIds])
    .orderBy('part_id')
    .orderBy('min_quantity')
    .execute();
  for (const row of rows) {
    const list = byPart.get(row.part_id) ?? [];
    list.push({ minQuantity: row.min_quantity, unitPriceCents: row.unit_price_cents });
    byPart.set(row.part_id, list);
  }
  return byPart;
}

/**
 * Lines priced on the server: each line's unit price is the lower of the buyer's contract price
 * and its part's list price or the price break its quantity reaches (`linePrice`), in cents until
 * the reply. A visitor's cart (`buyer` null) has list prices.
 */
async function priced(db: Executor, lines: ReadonlyArray<{ part: PartFacts; quantity: number; replaced?: string | null }>, buyer: string | null): Promise<Cart> {
  const ids = lines.map((line) => line.part.id);
  const [breaks, contracts] = await Promise.all([breaksOf(db, ids), buyer ? contractPricesFor(db, { userId: buyer }, ids) : noContracts]);
  const withPrices = lines.map((line) => ({ ...line, ...linePrice(contracts, line.part, breaks.get(line.part.id) ?? [], line.quantity) }));
  // Summed as the checkout's quote sums an order's (checkout/quote.ts): its parts, then its deposits.
  const subtotalCents = orderTotalCents({
    partsCents: sumCents(withPrices.map((line) => lineTotalCents(line.unitPriceCents, line.quantity))),
    depositCents: sumCents(withPrices.map((line) => lineTotalCents(line.part.core_deposit_cents ?? 0, line.quantity))),
    shippingCents: 0,
    taxCents: 0,
  });
  // A part with a core deposit is followed by its deposit line: the deposit times the part's quantity.
  const shown: CartLine[] = withPrices.flatMap(({ part, quantity, replaced, unitPriceCents: unitCents, retailCents: listCents }) => {
    const line: CartLine = {
      kind: 'part',
      partId: part.id,
      partNumber: part.part_number,
      name: part.name,
      img: part.img,
      quantity,
      unitPrice: centsToDollars(unitCents),
      // Struck through only when it is higher than what the member pays (decision 104).
      ...(unitCents < listCents ? { listPrice: centsToDollars(listCents) } : {}),
      lineTotal: centsToDollars(lineTotalCents(unitCents, quantity)),
      minOrderQuantity: part.min_order_quantity,
      availableQuantity: part.available_quantity,
      problem: lineProblem(part, quantity),
      replaced: replaced ?? null,
    };
    if (part.core_deposit_cents === null) return [line];
    const { listPrice: _partOnly, ...partLine } = line;
    const deposit: CartLine = {
      ...partLine,
      kind: 'core-deposit',
      name: partPromiseMessages.coreDepositLine(part.name),
      unitPrice: centsToDollars(part.core_deposit_cents),
      lineTotal: centsToDollars(lineTotalCents(part.core_deposit_cents, quantity)),
      problem: null,
      replaced: null,
    };
    return [line, deposit];
  });
  return { lines: shown, subtotal: centsToDollars(subtotalCents), count: lines.reduce((units, line) => units + line.quantity, 0) };
}

/** The given parts (any of them archived), by id; ids that are no id are left out. */
async function partsById(db: Executor, ids: readonly string[]): Promise<Map<string, PartFacts>> {
  const wanted = [...new Set(ids.filter(isId))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('parts').select(partColumns).where('parts.id', 'in', wanted).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Each of `parts` that was renumbered or superseded (6, 7) mapped to the part replacing it now, by
 * the old part's id (issue 30): a visitor's cart and one merged at sign-in hold the current part.
 */
async function replacementsOf(db: Executor, parts: Iterable<PartFacts>): Promise<Map<string, PartFacts>> {
  const changes = createPartChangesRepository(db as Db);
  const found = new Map<string, string>();
  for (const part of parts) {
    if (!REPLACED_CODES.includes(part.lifecycle_code)) continue;
    const replacement = await changes.currentReplacement(part.id);
    if (replacement) found.set(part.id, replacement.id);
  }
  const facts = await partsById(db, [...found.values()]);
  return new Map([...found].flatMap(([old, id]) => (facts.has(id) ? [[old, facts.get(id) as PartFacts] as const] : [])));
}

export type SetOutcome = { ok: true } | { ok: false; status: 404 | 400 | 409; message: string };

export interface QuickOrderOutcome {
  added: number;
  problems: QuickOrderProblem[];
  converted: QuickOrderProblem[];
}

/** A signed-in customer's cart (the `cart_lines` of migration 0021), nobody else's. */
export function createCartRepository(db: Db) {
  async function read(executor: Executor, userId: string): Promise<Cart> {
    const rows = await executor
      .selectFrom('cart_lines')
      .innerJoin('parts', 'parts.id', 'cart_lines.part_id')
      .select([...partColumns, 'cart_lines.quantity', 'cart_lines.replaced_part_number'])
      .where('cart_lines.user_id', '=', userId)
      .orderBy('cart_lines.added_at')
      .orderBy('parts.part_number')
      .execute();
    return priced(
      executor,
      rows.map((row) => ({ part: row, quantity: row.quantity, replaced: row.replaced_part_number })),
      userId,
    );
  }

  /**
   * Issue 30: each line of a part renumbered or superseded since it was put in the cart becomes
   * the part that replaces it now (added to that part's line if there is one), remembering the
   * number it held so the cart can say both. A cheap look first; the lock only when there is work.
   */
  async function replaceSuperseded(userId: string): Promise<void> {
    const stale = await db
      .selectFrom('cart_lines')
      .innerJoin('parts', 'parts.id', 'cart_lines.part_id')
      .select('cart_lines.part_id')
      .where('cart_lines.user_id', '=', userId)
      .where('parts.lifecycle_code', 'in', [...REPLACED_CODES])
      .executeTakeFirst();
    if (!stale) return;
    await withCartLocked(userId, async (trx) => {
      const changes = createPartChangesRepository(trx);
      const lines = await trx
        .selectFrom('cart_lines')
        .innerJoin('parts', 'parts.id', 'cart_lines.part_id')
        .select(['cart_lines.part_id', 'cart_lines.quantity', 'cart_lines.added_at', 'parts.part_number'])
        .where('cart_lines.user_id', '=', userId)
        .where('parts.lifecycle_code', 'in', [...REPLACED_CODES])
        .execute();
      const current = await quantities(trx, userId);
      for (const line of lines) {
        const replacement = await changes.currentReplacement(line.part_id);
        if (!replacement) continue;
        const had = current.get(replacement.id) ?? 0;
        await trx.deleteFrom('cart_lines').where('user_id', '=', userId).where('part_id', '=', line.part_id).execute();
        current.delete(line.part_id);
        const quantity = had + line.quantity;
        await trx
          .insertInto('cart_lines')
          .values({ user_id: userId, part_id: replacement.id, quantity, added_at: line.added_at, replaced_part_number: line.part_number })
          .onConflict((oc) => oc.columns(['user_id', 'part_id']).doUpdateSet({ quantity, replaced_part_number: line.part_number }))
          .execute();
        current.set(replacement.id, quantity);
      }
    });
  }

  /**
   * Runs `change` in a transaction that holds the account's row lock: one account's cart writes
   * (two tabs, a double submit) happen one after another, so the 100-line limit and the
   * quantities added are counted on what the other left.
   */
  function withCartLocked<T>(userId: string, change: (trx: Db) => Promise<T>): Promise<T> {
    return db.transaction().execute(async (trx) => {
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
      return change(trx);
    });
  }

  async function quantities(trx: Db, userId: string): Promise<Map<string, number>> {
    const rows = await trx.selectFrom('cart_lines').select(['part_id', 'quantity']).where('user_id', '=', userId).execute();
    return new Map(rows.map((row) => [row.part_id, row.quantity]));
  }

  /** Sets a line; a line the buyer changes no longer says which number it held before (migration 0037). */
  async function upsert(trx: Db, userId: string, partId: string, quantity: number) {
    await trx
      .insertInto('cart_lines')
      .values({ user_id: userId, part_id: partId, quantity })
      .onConflict((oc) => oc.columns(['user_id', 'part_id']).doUpdateSet({ quantity, replaced_part_number: null }))
      .execute();
  }

  return {
    /** The cart as it is now: a line of a part replaced since becomes its replacement first. */
    async get(userId: string): Promise<Cart> {
      await replaceSuperseded(userId);
      return read(db, userId);
    },

    /**
     * Sets a line's quantity (0 removes it). A quantity the part cannot take (below its minimum,
     * above its stock, an archived or sold-out part) is refused with why; the cart is then unchanged.
     * A renumbered or superseded part (a page loaded before it changed, an API caller) is set as the
     * part replacing it now, under that part's minimum and stock, its line saying the number asked
     * for (decision 175): the old number's rules passed a line the cart then flagged as its replacement.
     */
    async setQuantity(userId: string, partId: string, quantity: number): Promise<SetOutcome> {
      if (!isId(partId)) return { ok: false, status: 404, message: cartMessages.partNotFound };
      if (quantity === 0) {
        await db.deleteFrom('cart_lines').where('user_id', '=', userId).where('part_id', '=', partId).execute();
        return { ok: true };
      }
      return withCartLocked(userId, async (trx) => {
        const asked = (await partsById(trx, [partId])).get(partId);
        if (!asked) return { ok: false, status: 404, message: cartMessages.partNotFound };
        const part = (await replacementsOf(trx, [asked])).get(asked.id) ?? asked;
        const problem = setLineProblem(part, quantity);
        if (problem) return { ok: false, status: part.archived_at || isEnded(part.lifecycle_code) || part.available_quantity <= 0 ? 409 : 400, message: problem };
        const current = await quantities(trx, userId);
        if (!current.has(part.id) && current.size >= CART_MAX_LINES) return { ok: false, status: 409, message: cartMessages.tooManyLines };
        await upsert(trx, userId, part.id, quantity);
        if (part !== asked) await trx.updateTable('cart_lines').set({ replaced_part_number: asked.part_number }).where('user_id', '=', userId).where('part_id', '=', part.id).execute();
        return { ok: true };
      });
    },

    async remove(userId: string, partId: string): Promise<void> {
      if (!isId(partId)) return;
      await db.deleteFrom('cart_lines').where('user_id', '=', userId).where('part_id', '=', partId).execute();
    },

    /**
     * A visitor's cart, merged at sign-in: each line's quantity is added to the account's line for
     * the part (a part replaced since: for its replacement, saying so), capped by the part's stock;
     * unknown, archived and sold-out parts are skipped, and so are new parts past the cart's 100 lines.
     */
    async merge(userId: string, entries: readonly CartEntry[]): Promise<void> {
      const wanted = new Map<string, number>();
      for (const entry of entries) wanted.set(entry.partId, (wanted.get(entry.partId) ?? 0) + entry.quantity);
      if (wanted.size === 0) return;
      await withCartLocked(userId, async (trx) => {
        const parts = await partsById(trx, [...wanted.keys()]);
        const replacements = await replacementsOf(trx, parts.values());
        const current = await quantities(trx, userId);
        let lines = current.size;
        for (const [oldId, quantity] of wanted) {
          const old = parts.get(oldId);
          const part = (old && replacements.get(old.id)) ?? old;
          const partId = part?.id ?? oldId;
          if (!part || part.archived_at || isEnded(part.lifecycle_code) || part.available_quantity <= 0) continue;
          const had = current.get(partId);
          if (had === undefined && lines >= CART_MAX_LINES) continue;
          const merged = Math.min((had ?? 0) + quantity, part.available_quantity);
          if (had === merged) continue;
          if (had === undefined) lines += 1;
          await upsert(trx, userId, partId, Math.max(merged, had ?? 0));
          current.set(partId, Math.max(merged, had ?? 0));
          if (old && part !== old) {
            await trx.updateTable('cart_lines').set({ replaced_part_number: old.part_number }).where('user_id', '=', userId).where('part_id', '=', partId).execute();
          }
        }
      });
    },

    /**
     * Quick order: each line that names a part (by part or OEM number, any case, spaces and dashes
     * ignored) with a quantity the part takes is added to the cart (to the line's quantity if the
     * part is there already); every other line is a problem with its line number and why. A part
     * number wins over another part's OEM number, which wins over another brand's interchange
     * number; an OEM or interchange number of several parts is a problem. A renumbered or
     * superseded part is added as its current replacement, and another brand's number as our part
     * in our quantity (rounded up): each such line is `converted`, saying so.
     */
    async quickOrder(userId: string, text: string): Promise<QuickOrderOutcome> {
      const { entries, problems } = parseQuickOrder(text);
      const keys = [...new Set(entries.map((entry) => numberKey(entry.number)).filter((key) => key !== ''))];
      return withCartLocked(userId, async (trx) => {
        const changes = createPartChangesRepository(trx);
        const candidates = keys.length === 0 ? [] : await partsByNumberKeys(trx, keys);
        const byPartNumber = new Map<string, PartFacts>();
        const byOem = new Map<string, PartFacts[]>();
        for (const part of candidates) {
          byPartNumber.set(numberKey(part.part_number), part);
          for (const oem of new Set(part.oem_numbers.map(numberKey))) byOem.set(oem, [...(byOem.get(oem) ?? []), part]);
        }
        // A part's former number (decision 112) is its own: a former number is no other part's.
        const byFormer = new Map<string, { part: PartFacts; former: string }>();
        for (const row of keys.length === 0 ? [] : await partsByFormerKeys(trx, keys)) byFormer.set(numberKey(row.former_number), { part: row, former: row.former_number });
        const byInterchange = new Map<string, Array<{ part: PartFacts; brand: string; partNumber: string; quantity: number }>>();
        for (const row of keys.length === 0 ? [] : await partsByInterchangeKeys(trx, keys)) {
          const key = numberKey(row.their_number);
          byInterchange.set(key, [...(byInterchange.get(key) ?? []), { part: row, brand: row.brand, partNumber: row.their_number, quantity: row.their_quantity }]);
        }
        /** The parts on sale among `all` when there are any, else all of them (to say why they cannot be ordered). */
        const onSaleFirst = <T extends { archived_at: Date | null }>(all: T[]) => (all.some((one) => !one.archived_at) ? all.filter((one) => !one.archived_at) : all);
        /**
         * One of `all` per part they come to once a renumbered or superseded part is its current
         * replacement, that part's own first: a superseded part and the part replacing it often list
         * the same carmaker's or other brand's number, which names one part to buy, not two (decision 175).
         */
        const onePerCurrentPart = async <T>(all: T[], partOf: (one: T) => PartFacts): Promise<T[]> => {
          if (all.length < 2) return all;
          const kept = new Map<string, T>();
          for (const one of all) {
            const part = partOf(one);
            const currentId = REPLACED_CODES.includes(part.lifecycle_code) ? ((await changes.currentReplacement(part.id))?.id ?? part.id) : part.id;
            const had = kept.get(currentId);
            if (had === undefined || (partOf(had).id !== currentId && part.id === currentId)) kept.set(currentId, one);
          }
          return [...kept.values()];
        };
        const current = await quantities(trx, userId);
        const changed = new Map<string, number>();
        const converted: QuickOrderProblem[] = [];
        let added = 0;
        let lineCount = current.size;
        for (const entry of entries) {
          const key = numberKey(entry.number);
          const oemParts = await onePerCurrentPart(onSaleFirst(byOem.get(key) ?? []), (one) => one);
          const theirs = await onePerCurrentPart(
            onSaleFirst((byInterchange.get(key) ?? []).map((row) => ({ ...row, archived_at: row.part.archived_at }))),
            (one) => one.part,
          );
          const problem = (message: string) => problems.push({ line: entry.line, text: entry.text, message });
          const formerly = byPartNumber.has(key) ? undefined : byFormer.get(key);
          let part = byPartNumber.get(key) ?? formerly?.part ?? (oemParts.length === 1 ? oemParts[0] : undefined);
          let quantityOurs = entry.quantity;
          const notes: string[] = [];
          if (formerly) notes.push(catalogueMessages.orderedByFormerNumber(formerly.former, formerly.part.part_number));
          if (!part && oemParts.length === 0 && theirs.length === 1 && theirs[0]) {
            const [{ part: ours, ...number }] = theirs;
            part = ours;
            quantityOurs = toOurQuantity(entry.quantity, number.quantity);
            notes.push(partChangeMessages.orderedAsOurs(number, entry.quantity, { partNumber: ours.part_number, quantity: quantityOurs }));
          }
          if (!part) {
            const several = oemParts.length > 1 ? oemParts : theirs.map((row) => row.part);
            if (several.length > 1) problem(cartMessages.ambiguousNumber(entry.number, [...new Set(several.map((one) => one.part_number))].sort()));
            else problem(cartMessages.unknownNumber(entry.number));
            continue;
          }
          if (REPLACED_CODES.includes(part.lifecycle_code)) {
            const replacement = await changes.currentReplacement(part.id);
            const facts = replacement && (await partsById(trx, [replacement.id])).get(replacement.id);
            if (facts) {
              notes.push(partChangeMessages.orderedAsReplacement(part.part_number, facts.part_number));
              part = facts;
            }
          }
          const had = changed.get(part.id) ?? current.get(part.id);
          const quantity = (had ?? 0) + quantityOurs;
          const why = notAddedProblem(part, quantity);
          if (why) {
            problem(why);
            continue;
          }
          if (had === undefined) {
            if (lineCount >= CART_MAX_LINES) {
              problem(cartMessages.tooManyLines);
              continue;
            }
            lineCount += 1;
          }
          changed.set(part.id, quantity);
          added += 1;
          if (notes.length > 0) converted.push({ line: entry.line, text: entry.text, message: notes.join('. ') });
        }
        for (const [partId, quantity] of changed) await upsert(trx, userId, partId, quantity);
        problems.sort((a, b) => a.line - b.line);
        return { added, problems, converted };
      });
    },

    /**
     * Issue 30's "Buy again": each part line of the customer's order `orderId` added to their cart
     * (to what it holds), a superseded or renumbered part as its current replacement; a line the
     * part cannot take as the cart's would not (archived, no longer made, sold out, short, past
     * the cart's lines) is skipped with why. Undefined when the order is not theirs.
     */
    async buyAgain(userId: string, orderId: string): Promise<BuyAgainReply | undefined> {
      if (!isId(orderId)) return undefined;
      const order = await db.selectFrom('orders').select('id').where('id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();
      if (!order) return undefined;
      const lines = await db
        .selectFrom('order_lines')
        .select(['part_id', 'part_number', 'quantity'])
        .where('order_id', '=', orderId)
        .where('kind', '=', 'part')
        .orderBy('position')
        .execute();
      return withCartLocked(userId, async (trx) => {
        const changes = createPartChangesRepository(trx);
        const ordered = await partsById(trx, lines.map((line) => line.part_id));
        const current = await quantities(trx, userId);
        const reply: BuyAgainReply = { added: [], skipped: [] };
        for (const line of lines) {
          const old = ordered.get(line.part_id);
          const replacement = old && REPLACED_CODES.includes(old.lifecycle_code) ? await changes.currentReplacement(old.id) : null;
          const part = replacement ? (await partsById(trx, [replacement.id])).get(replacement.id) : old;
          if (!part) {
            reply.skipped.push({ partNumber: line.part_number, reason: cartMessages.partNotFound });
            continue;
          }
          const had = current.get(part.id);
          const quantity = (had ?? 0) + line.quantity;
          const why = notAddedProblem(part, quantity) ?? (had === undefined && current.size >= CART_MAX_LINES ? cartMessages.tooManyLines : null);
          if (why) {
            reply.skipped.push({ partNumber: line.part_number, reason: why });
            continue;
          }
          await upsert(trx, userId, part.id, quantity);
          current.set(part.id, quantity);
          reply.added.push({ partNumber: part.part_number, quantity: line.quantity, ...(part.id === line.part_id ? {} : { replaced: line.part_number }) });
        }
        return reply;
      });
    },

    /**
     * A visitor's cart priced as an account's would be, without keeping it: lines of unknown parts
     * are left out, and a line of a part replaced since is its replacement, saying the number it held.
     */
    async preview(entries: readonly CartEntry[]): Promise<Cart> {
      const parts = await partsById(
        db,
        entries.map((entry) => entry.partId),
      );
      const replacements = await replacementsOf(db, parts.values());
      const merged = new Map<string, { part: PartFacts; quantity: number; replaced: string | null }>();
      for (const entry of entries) {
        const old = parts.get(entry.partId);
        if (!old) continue;
        const part = replacements.get(old.id) ?? old;
        const had = merged.get(part.id);
        merged.set(part.id, { part, quantity: (had?.quantity ?? 0) + entry.quantity, replaced: had?.replaced ?? (part === old ? null : old.part_number) });
      }
      return priced(db, [...merged.values()], null);
    },
  };
}

/**
 * The parts (archived ones too, to say so) whose part or OEM numbers have one of `keys` as a whole
 * number, by the number keys of migration 0017 and their trigram index: one LIKE per key under one
 * OR, which PostgreSQL answers with a BitmapOr of index scans.
 */
async function partsByNumberKeys(db: Executor, keys: readonly string[]) {
  const numberKeys = sql<string>`catalogue_number_keys(parts.part_number, parts.oem_numbers)`;
  return db
    .selectFrom('parts')
    .select([...partColumns, 'parts.oem_numbers'])
    .where((eb) => eb.or(keys.map((key) => eb(numberKeys, 'like', `% ${key} %`))))
    .execute();
}

/** The parts that had a number with one of `keys` as its key before an admin corrected it (decision 112), by its key's index (migration 0054). */
async function partsByFormerKeys(db: Executor, keys: readonly string[]) {
  return db
    .selectFrom('part_former_numbers')
    .innerJoin('parts', 'parts.id', 'part_former_numbers.part_id')
    .select([...partColumns, 'part_former_numbers.part_number as former_number'])
    .where(sql<string>`upper(regexp_replace(part_former_numbers.part_number, '[^0-9A-Za-z]', '', 'g'))`, 'in', [...keys])
    .execute();
}

/**
 * The parts (archived ones too, to say so) that list another brand's number with one of `keys` as
 * its key, with that number and its quantity (how many of theirs make one of ours), by the
 * interchange key's index (migration 0033).
 */
async function partsByInterchangeKeys(db: Executor, keys: readonly string[]) {
  return db
    .selectFrom('part_interchange')
    .innerJoin('parts', 'parts.id', 'part_interchange.part_id')
    .select([...partColumns, 'part_interchange.brand', 'part_interchange.part_number as their_number', 'part_interchange.quantity as their_quantity'])
    .where(sql<string>`upper(regexp_replace(part_interchange.part_number, '[^0-9A-Za-z]', '', 'g'))`, 'in', [...keys])
    .orderBy('parts.part_number')
    .execute();
}
