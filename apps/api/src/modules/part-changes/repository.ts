import {
  ENDED_CODES,
  lifecycleLabel,
  PART_NUMBER_PATTERN,
  qualifierOf,
  REPLACEMENT_FIT_WARNINGS_LISTED,
  vehicleLabel,
  partChangeFieldChangedMessage,
  partChangeMessages,
  REPLACED_CODES,
  resolveReplacement,
  partChangeEditorMessages,
  type PartChanges,
  type PartChangesExpected,
  type PartChangesInput,
  type ProductFieldChanged,
  type StoredPartChanges,
} from '@autoparts/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** The advisory lock Manage Products' changes naming a new replacement take turns on (decision 175). */
const REPLACEMENT_CHAIN_LOCK_KEY = 175_001;

/**
 * Takes the replacements' turn until the caller's transaction ends: one change naming new
 * replacements at a time, each seeing the one before, so a circle cannot close through parts two
 * changes neither name (decision 175). An admin's change takes it before any row lock; a catalogue
 * import before it applies its file's replacements (decision 181).
 */
export async function takeReplacementTurn(db: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(${REPLACEMENT_CHAIN_LOCK_KEY})`.execute(db);
}

/** Why a rule refuses a part change, and the request's field it is about (`replacedBy`, `kit`, `kit.2`): the 400's `field`. */
export interface PartChangeRefusal {
  problem: string;
  field?: string;
  /** The part numbers of the circle the replacement would close, first again at the end (decision 181): an import refuses its whole file for one. */
  circle?: string[];
}

/**
 * Issue 30 (decision 065): a part's life cycle and replacement, the other brands' numbers it
 * replaces and its kit, read for the part's pages and written by Manage Products under the rules.
 */
export function createPartChangesRepository(db: Db) {
  /** Each part's `replaced_by`, by id, for the parts in `ids` and every part reached from them. */
  async function replacementLinks(ids: readonly string[]): Promise<Map<string, { replacedBy: string | null; partNumber: string; name: string }>> {
    const links = new Map<string, { replacedBy: string | null; partNumber: string; name: string }>();
    let wanted = [...new Set(ids)];
    while (wanted.length > 0) {
      const rows = await db.selectFrom('parts').select(['id', 'replaced_by', 'part_number', 'name']).where('id', 'in', wanted).execute();
      for (const row of rows) links.set(row.id, { replacedBy: row.replaced_by, partNumber: row.part_number, name: row.name });
      wanted = [...new Set(rows.map((row) => row.replaced_by).filter((id): id is string => id !== null && !links.has(id)))];
    }
    return links;
  }

  /** Every number whose chain leads to each of the parts `ids` (their older numbers), nearest first. */
  async function replacesOf(ids: readonly string[]): Promise<Map<string, string[]>> {
    const byPart = new Map<string, string[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return byPart;
    const rows = await db
      .withRecursive('older(target, id, part_number, depth)', (qb) =>
        qb
          .selectFrom('parts')
          .select(['replaced_by as target', 'id', 'part_number', (eb) => eb.lit(1).as('depth')])
          .where('replaced_by', 'in', [...ids])
          .unionAll((union) =>
            union
              .selectFrom('parts')
              .innerJoin('older', 'older.id', 'parts.replaced_by')
              .select(['older.target', 'parts.id', 'parts.part_number', (eb) => eb('older.depth', '+', 1).as('depth')])
              .where('older.depth', '<', 100),
          ),
      )
      .selectFrom('older')
      .select(['target', 'part_number'])
      .orderBy('depth')
      .orderBy('part_number')
      .execute();
    for (const row of rows) {
      const list = byPart.get(row.target ?? '');
      if (list && !list.includes(row.part_number)) list.push(row.part_number);
    }
    return byPart;
  }

  return {
    replacesOf,

    /** The current part that replaces `id` (the end of its chain), or null when nothing replaces it. */
    async currentReplacement(id: string): Promise<{ id: string; partNumber: string; name: string } | null> {
      const links = await replacementLinks([id]);
      if (!links.get(id)?.replacedBy) return null;
      const resolved = resolveReplacement(id, (key) => links.get(key)?.replacedBy);
      if ('cycle' in resolved) return null;
      const current = links.get(resolved.current);
      return current ? { id: resolved.current, partNumber: current.partNumber, name: current.name } : null;
    },

    /** The number of the current part replacing `partNumber` when that part is renumbered or superseded (6, 7), else undefined. */
    async successorNumber(partNumber: string): Promise<string | undefined> {
      const row = await db.selectFrom('parts').select('id').where('part_number', '=', partNumber).where('lifecycle_code', 'in', [...REPLACED_CODES]).executeTakeFirst();
      return row ? (await this.currentReplacement(row.id))?.partNumber : undefined;
    },

    /**
     * Where the page of a part's former number (decision 112) moves: the part's number now (its
     * replacement's when it is renumbered or superseded), or undefined for no former number or an
     * archived part (its page is gone).
     */
    async formerNumberOf(partNumber: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('part_former_numbers')
        .innerJoin('parts', 'parts.id', 'part_former_numbers.part_id')
        .select(['parts.id', 'parts.part_number', 'parts.lifecycle_code', 'parts.archived_at'])
        .where('part_former_numbers.part_number', '=', partNumber)
        .executeTakeFirst();
      if (!row || row.archived_at !== null) return undefined;
      return REPLACED_CODES.includes(row.lifecycle_code) ? (await this.currentReplacement(row.id))?.partNumber : row.part_number;
    },

    /**
     * Where the public page `/parts/{partNumber}` moves for good (301), or undefined when it is a
     * page of its own (or none). A renumbered or superseded part's number: its current
     * replacement's (issue 30). A number typed in lower case (`brk-1001`), which no stored number
     * is (migration 0007 keeps them upper case): the number as stored when that part is on sale, or
     * its replacement's when it is replaced. Each a look-up of the unique `parts_part_number_key`
     * by the number itself (amended decision 049): no case-folding index is needed.
     */
    async pageMovedTo(partNumber: string): Promise<string | undefined> {
      const stored = partNumber.replace(/[a-z]/g, (letter) => letter.toUpperCase());
      if (stored === partNumber) return (await this.successorNumber(partNumber)) ?? (await this.formerNumberOf(partNumber));
      if (!PART_NUMBER_PATTERN.test(stored)) return undefined;
      const row = await db.selectFrom('parts').select(['id', 'part_number', 'lifecycle_code', 'archived_at']).where('part_number', '=', stored).executeTakeFirst();
      if (!row) return this.formerNumberOf(stored);
      if (REPLACED_CODES.includes(row.lifecycle_code)) return (await this.currentReplacement(row.id))?.partNumber;
      return row.archived_at === null ? row.part_number : undefined;
    },

    /**
     * What points to part `id`, which must change before it is archived: the parts it directly
     * replaces and the kits it is in (archived ones too: a superseded part's old page still moves
     * to its replacement, and a kit may be restored). Locks the part's row first, so a change
     * naming it (`apply`, `for share`) cannot slip in between this look and the archive.
     */
    async pointedTo(id: string): Promise<{ replaced: string[]; kits: string[] }> {
      await db.selectFrom('parts').select('id').where('id', '=', id).forUpdate().execute();
      const [replaced, kits] = await Promise.all([
        db.selectFrom('parts').select('part_number').where('replaced_by', '=', id).orderBy('part_number').execute(),
        db
          .selectFrom('part_kit_components')
          .innerJoin('parts', 'parts.id', 'part_kit_components.kit_id')
          .select('parts.part_number')
          .where('part_kit_components.component_id', '=', id)
          .orderBy('parts.part_number')
          .execute(),
      ]);
      return { replaced: replaced.map((row) => row.part_number), kits: kits.map((row) => row.part_number) };
    },

    /**
     * Locks part `id` and every part a change of it names (its new replacement, its kit's
     * components), `for update` and in id order, before anything of the change is looked at. Two
     * admins naming each other's part at once (A replaced by B and B by A, X a kit of Y and Y a kit
     * of Z) then take their turns: the second sees the first's change and its rule refuses it (the
     * circle, the kit in a kit), where each locking its own part first deadlocked (a 500) or let
     * both through (decision 152). Checkout locks parts in id order too.
     */
    async lockNamed(id: string, { replacedBy, kit }: Partial<PartChangesInput>): Promise<void> {
      // A new replacement first takes the replacements' turn (before any row): a circle can close
      // through parts neither change names (A → B and C → D at once, with B → C and D → A already),
      // whose row locks never meet, and each change's look at the chain then misses the other's
      // (decision 175). One admin's replacement at a time, each seeing the one before.
      if (typeof replacedBy === 'string') await takeReplacementTurn(db);
      const numbers = [...(typeof replacedBy === 'string' ? [replacedBy] : []), ...(kit ?? []).map((row) => row.partNumber)];
      const named = numbers.length === 0 ? [] : await db.selectFrom('parts').select('id').where('part_number', 'in', numbers).execute();
      const ids = [...new Set([id, ...named.map((row) => row.id)])];
      await db.selectFrom('parts').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
    },

    /** Part `id`'s fields as stored and as an admin edits them: its direct replacement, not the end of its chain. */
    async stored(id: string, lifecycleCode: string, replacedById: string | null): Promise<StoredPartChanges> {
      const [replacedBy, interchange, kit] = await Promise.all([
        replacedById ? db.selectFrom('parts').select('part_number').where('id', '=', replacedById).executeTakeFirst() : undefined,
        db.selectFrom('part_interchange').select(['brand', 'brand_kind', 'part_number', 'quantity']).where('part_id', '=', id).orderBy('position').execute(),
        db
          .selectFrom('part_kit_components')
          .innerJoin('parts', 'parts.id', 'part_kit_components.component_id')
          .select(['parts.part_number', 'part_kit_components.quantity'])
          .where('part_kit_components.kit_id', '=', id)
          .orderBy('part_kit_components.position')
          .execute(),
      ]);
      return {
        lifecycle: lifecycleCode,
        replacedBy: replacedBy?.part_number ?? null,
        interchange: interchange.map((row) => ({ brand: row.brand, brandKind: row.brand_kind, partNumber: row.part_number, quantity: row.quantity })),
        kit: kit.map((row) => ({ partNumber: row.part_number, quantity: row.quantity })),
      };
    },

    /**
     * The fields of `changes` that differ from what part `id` stores (its life cycle and direct
     * replacement go together): a save of the values already there is no change to write.
     */
    async differing(id: string, lifecycleCode: string, replacedById: string | null, changes: Partial<PartChangesInput>): Promise<Partial<PartChangesInput>> {
      const stored = await this.stored(id, lifecycleCode, replacedById);
      const { lifecycle, replacedBy, interchange, kit } = changes;
      const rows = (list: ReadonlyArray<{ brand?: string; brandKind?: string; partNumber: string; quantity: number }>) =>
        JSON.stringify(list.map((row) => [row.brand ?? '', row.brandKind ?? '', row.partNumber, row.quantity]));
      const differing: Partial<PartChangesInput> = {};
      if ((lifecycle !== undefined && lifecycle !== stored.lifecycle) || (replacedBy !== undefined && replacedBy !== stored.replacedBy)) {
        if (lifecycle !== undefined) differing.lifecycle = lifecycle;
        if (replacedBy !== undefined) differing.replacedBy = replacedBy;
      }
      if (interchange !== undefined && rows(interchange) !== rows(stored.interchange)) differing.interchange = interchange;
      if (kit !== undefined && rows(kit) !== rows(stored.kit)) differing.kit = kit;
      return differing;
    },

    /**
     * The first part-change field of `expected` (what the admin's form loaded) whose stored value
     * is no longer that, with its value now; undefined when all still hold. Locks the part's row
     * first, and every admin change of these fields locks it before it writes, so the values stay
     * so until the caller's transaction has written (decision 112).
     */
    async changedSince(id: string, expected: PartChangesExpected): Promise<'not-found' | { changed: ProductFieldChanged } | undefined> {
      const fields = (['lifecycle', 'replacedBy', 'interchange', 'kit'] as const).filter((field) => expected[field] !== undefined);
      if (fields.length === 0) return undefined;
      const row = await db.selectFrom('parts').select(['lifecycle_code', 'replaced_by']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) return 'not-found';
      const stored = await this.stored(id, row.lifecycle_code, row.replaced_by);
      for (const field of fields) {
        if (JSON.stringify(expected[field]) !== JSON.stringify(stored[field])) {
          return { changed: { message: partChangeFieldChangedMessage(field, stored[field]), field, current: stored[field] } };
        }
      }
      return undefined;
    },

    /** What a part's reads add: its life cycle, its current replacement, what it replaces, its interchange and kits. */
    async of(id: string, lifecycleCode: string): Promise<PartChanges> {
      const [replacedBy, replaces, interchange, kit, inKits] = await Promise.all([
        this.currentReplacement(id),
        replacesOf([id]),
        db.selectFrom('part_interchange').select(['brand', 'brand_kind', 'part_number', 'quantity']).where('part_id', '=', id).orderBy('position').execute(),
        db
          .selectFrom('part_kit_components')
          .innerJoin('parts', 'parts.id', 'part_kit_components.component_id')
          .select(['parts.part_number', 'parts.name', 'part_kit_components.quantity'])
          .where('part_kit_components.kit_id', '=', id)
          .orderBy('part_kit_components.position')
          .execute(),
        db
          .selectFrom('part_kit_components')
          .innerJoin('parts', 'parts.id', 'part_kit_components.kit_id')
          .select(['parts.part_number', 'parts.name'])
          .where('part_kit_components.component_id', '=', id)
          .where('parts.archived_at', 'is', null)
          // "Also sold in kit": only a kit that is sold, not one replaced (its page moves to a part that
          // may hold none of this) or no longer made (decision 175).
          .where('parts.lifecycle_code', 'not in', [...REPLACED_CODES, ...ENDED_CODES])
          .orderBy('parts.part_number')
          .execute(),
      ]);
      return {
        lifecycle: { code: lifecycleCode, label: lifecycleLabel(lifecycleCode) },
        replacedBy: replacedBy && { partNumber: replacedBy.partNumber, name: replacedBy.name },
        replaces: replaces.get(id) ?? [],
        interchange: interchange.map((row) => ({ brand: row.brand, brandKind: row.brand_kind, partNumber: row.part_number, quantity: row.quantity })),
        kit: kit.length === 0 ? null : kit.map((row) => ({ partNumber: row.part_number, name: row.name, quantity: row.quantity })),
        inKits: inKits.map((row) => ({ partNumber: row.part_number, name: row.name })),
      };
    },

    /**
     * What a life-cycle change of part `id` leaves buyers of a replaced number with that they
     * cannot order (decision 152): a renumbered or superseded part whose replacement (the end of
     * its chain) is no longer made, or a part no longer made that renumbered or superseded parts
     * lead to. Warnings, as the fit's are: the admin may be on the way to the next replacement.
     */
    async noLongerMadeWarnings(id: string): Promise<string[]> {
      const part = await db.selectFrom('parts').select(['part_number', 'lifecycle_code']).where('id', '=', id).executeTakeFirst();
      if (!part) return [];
      if (REPLACED_CODES.includes(part.lifecycle_code)) {
        const replacement = await this.currentReplacement(id);
        const code = replacement && (await db.selectFrom('parts').select('lifecycle_code').where('id', '=', replacement.id).executeTakeFirst())?.lifecycle_code;
        return replacement && code && ENDED_CODES.includes(code) ? [partChangeEditorMessages.replacementNoLongerMade(replacement.partNumber, part.part_number)] : [];
      }
      if (!ENDED_CODES.includes(part.lifecycle_code)) return [];
      const older = (await replacesOf([id])).get(id) ?? [];
      if (older.length === 0) return [];
      const replaced = await db.selectFrom('parts').select('part_number').where('part_number', 'in', older).where('lifecycle_code', 'in', [...REPLACED_CODES]).orderBy('part_number').execute();
      return replaced.length === 0 ? [] : [partChangeEditorMessages.replacesNoLongerMade(replaced.map((row) => row.part_number))];
    },

    /**
     * When part `id` is renumbered or superseded (6, 7): the vehicles it fits that its current
     * replacement (the end of its chain, which buyers of its number are given) does not, as the
     * save's warnings (decision 111). A model year the replacement fits none of is said once
     * ("2015 BMW 3 Series"); one it fits in part, by each submodel and engine it misses. The first
     * `REPLACEMENT_FIT_WARNINGS_LISTED` by make, model and year are named, then how many more.
     * Nothing for any other part, or a replacement that fits them all.
     */
    async replacementFitWarnings(id: string): Promise<string[]> {
      const part = await db.selectFrom('parts').select(['part_number', 'lifecycle_code']).where('id', '=', id).executeTakeFirst();
      if (!part || !REPLACED_CODES.includes(part.lifecycle_code)) return [];
      const replacement = await this.currentReplacement(id);
      if (!replacement) return [];
      const { rows } = await sql<{ year: number; make: string; model: string; submodel: string; engine: string; total: string }>`
        with ours as (
          select v.year, v.make, v.model, v.submodel, v.engine,
                 exists (select 1 from fitments theirs where theirs.part_id = ${replacement.id} and theirs.vehicle_id = v.id) as fitted
          from fitments f join vehicles v on v.id = f.vehicle_id
          where f.part_id = ${id}
        ), models as (
          select year, make, model, bool_or(fitted) as partly from ours group by year, make, model having not bool_and(fitted)
        ), missed as (
          select year, make, model, '' as submodel, '' as engine from models where not partly
          union all
          select ours.year, ours.make, ours.model, ours.submodel, ours.engine
          from ours join models using (year, make, model)
          where models.partly and not ours.fitted
        )
        select year, make, model, submodel, engine, count(*) over () as total
        from missed
        order by make, model, year, submodel, engine
        limit ${REPLACEMENT_FIT_WARNINGS_LISTED}`.execute(db);
      const warnings = rows.map((vehicle) =>
        partChangeEditorMessages.replacementDoesNotFit(replacement.partNumber, [vehicleLabel(vehicle), qualifierOf(vehicle)].filter(Boolean).join(' '), part.part_number),
      );
      const more = Number(rows[0]?.total ?? 0) - rows.length;
      return more > 0 ? [...warnings, partChangeEditorMessages.replacementDoesNotFitMore(more)] : warnings;
    },

    /**
     * Applies the part-change fields of a Manage Products change (or of a catalogue import) to part
     * `id`, in the caller's transaction, or says which rule refuses them: a status 6/7 without a
     * replacement, a replacement that does not exist, is archived, is the part itself or leads back
     * to it; a kit component that does not exist, is archived, is the kit itself or a kit.
     */
    async apply(id: string, changes: Partial<PartChangesInput>): Promise<PartChangeRefusal | undefined> {
      const { lifecycle, replacedBy, interchange, kit } = changes;
      // Everything is checked before anything is written.
      const components: Array<{ kit_id: string; position: number; component_id: string; quantity: number }> = [];
      if (kit !== undefined && kit.length > 0) {
        const inAKit = await db.selectFrom('part_kit_components').select('kit_id').where('component_id', '=', id).executeTakeFirst();
        if (inAKit) return { problem: partChangeMessages.partIsComponent, field: 'kit' };
        const rows = await db
          .selectFrom('parts')
          .select(['id', 'part_number', 'archived_at'])
          .select((eb) => eb.exists(eb.selectFrom('part_kit_components').select('kit_id').whereRef('part_kit_components.kit_id', '=', 'parts.id')).as('is_kit'))
          .where('part_number', 'in', kit.map((row) => row.partNumber))
          // Held until commit, so an archive of a component (`pointedTo`, under `for update`) waits for it.
          .forShare()
          .execute();
        const byNumber = new Map(rows.map((row) => [row.part_number, row]));
        for (const [index, row] of kit.entries()) {
          const component = byNumber.get(row.partNumber);
          const field = `kit.${index}`;
          if (!component) return { problem: partChangeMessages.componentMissing(row.partNumber), field };
          if (component.id === id) return { problem: partChangeMessages.componentSelf, field };
          if (component.is_kit) return { problem: partChangeMessages.componentIsKit(row.partNumber), field };
          if (component.archived_at !== null) return { problem: partChangeMessages.componentArchived(row.partNumber), field };
          components.push({ kit_id: id, position: components.length, component_id: component.id, quantity: row.quantity });
        }
      }
      if (lifecycle !== undefined || replacedBy !== undefined) {
        const current = await db.selectFrom('parts').select(['lifecycle_code', 'replaced_by']).where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
        const code = lifecycle ?? current.lifecycle_code;
        let replacement: string | null;
        if (replacedBy === undefined) {
          // A part back on sale (or any status that names no replacement) drops the one it had.
          replacement = REPLACED_CODES.includes(code) || ENDED_CODES.includes(code) ? current.replaced_by : null;
        } else if (replacedBy === null) {
          replacement = null;
        } else {
          const row = await db.selectFrom('parts').select(['id', 'archived_at']).where('part_number', '=', replacedBy).forShare().executeTakeFirst();
          if (!row) return { problem: partChangeMessages.replacementMissing(replacedBy), field: 'replacedBy' };
          if (row.archived_at !== null) return { problem: partChangeMessages.replacementArchived(replacedBy), field: 'replacedBy' };
          replacement = row.id;
        }
        if (REPLACED_CODES.includes(code) && replacement === null) return { problem: partChangeMessages.replacementRequired(code), field: 'replacedBy' };
        if (!REPLACED_CODES.includes(code) && !ENDED_CODES.includes(code) && replacement !== null) {
          return { problem: partChangeMessages.replacementNotAllowed(code), field: 'replacedBy' };
        }
        if (replacement === id) return { problem: partChangeMessages.replacementSelf, field: 'replacedBy' };
        if (replacement !== null) {
          const links = await replacementLinks([replacement, id]);
          const resolved = resolveReplacement(id, (key) => (key === id ? replacement : links.get(key)?.replacedBy));
          if ('cycle' in resolved) {
            const circle = resolved.cycle.map((key) => links.get(key)?.partNumber ?? key);
            return { problem: partChangeMessages.replacementCycle(circle), field: 'replacedBy', circle };
          }
        }
        await db.updateTable('parts').set({ lifecycle_code: code, replaced_by: replacement }).where('id', '=', id).execute();
      }
      if (interchange !== undefined) {
        await db.deleteFrom('part_interchange').where('part_id', '=', id).execute();
        if (interchange.length > 0) {
          await db
            .insertInto('part_interchange')
            .values(interchange.map((row, position) => ({ part_id: id, position, brand: row.brand, brand_kind: row.brandKind, part_number: row.partNumber, quantity: row.quantity })))
            .execute();
        }
      }
      if (kit !== undefined) {
        await db.deleteFrom('part_kit_components').where('kit_id', '=', id).execute();
        if (components.length > 0) await db.insertInto('part_kit_components').values(components).execute();
      }
      return undefined;
    },
  };
}
