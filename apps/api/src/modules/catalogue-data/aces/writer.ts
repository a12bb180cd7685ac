import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/database';
import { EXPORT_PAGE } from '../exports/parts-on-sale';
import { xmlText as escape } from '../xml-text';

export interface AcesExportOptions {
  /** Only the applications added, changed or deleted on or after this day (net change); the live ones when absent (FULL). */
  since?: string;
  /** The seller's legal name, the Header's Company. */
  company: string;
  /** Today, `YYYY-MM-DD`. */
  today: string;
}

/** Part numbers a comment names of the applications left out for want of a part type. */
const LEFT_OUT_NAMED = 20;

const element = (name: string, value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '' : `<${name}>${escape(String(value))}</${name}>`);
const reference = (name: string, id: number | null) => (id === null ? '' : `<${name} id="${id}"/>`);

/** The application's columns an App is written from (`app`), read by the export's both passes. */
const APP_COLUMNS = [
  'applications.id',
  'applications.base_vehicle_id',
  'applications.submodel_id',
  'applications.engine_base_id',
  'applications.notes',
  'applications.quantity',
  'applications.part_type_id',
  'applications.mfr_label',
  'applications.position_id',
] as const;

/** One application as an App, its elements in the order of the 4.2 schema. */
function app(
  action: 'A' | 'D',
  row: { id: string; base_vehicle_id: number; submodel_id: number | null; engine_base_id: number | null; notes: string[]; quantity: number; part_type_id: number | null; mfr_label: string | null; position_id: number | null; part_number: string; brand_aaia_id: string | null },
) {
  return [
    `<App action="${action}" id="${row.id}">`,
    reference('BaseVehicle', row.base_vehicle_id),
    reference('SubModel', row.submodel_id),
    reference('EngineBase', row.engine_base_id),
    ...row.notes.map((note) => element('Note', note)),
    element('Qty', row.quantity),
    reference('PartType', row.part_type_id),
    element('MfrLabel', row.mfr_label),
    reference('Position', row.position_id),
    `<Part${row.brand_aaia_id ? ` BrandAAIAID="${escape(row.brand_aaia_id)}"` : ''}>${escape(row.part_number)}</Part>`,
    '</App>\n',
  ].join('');
}

/** The day of the last applied import of a kind, the version date of the tables it loaded. */
export async function lastImport(db: Db, kind: 'vcdb' | 'pcdb'): Promise<string | undefined> {
  const row = await db.selectFrom('catalogue_imports').select('finished_at').where('kind', '=', kind).where('applied', '=', true).orderBy('finished_at', 'desc').limit(1).executeTakeFirst();
  return row?.finished_at?.toISOString().slice(0, 10);
}

/**
 * Another row of the same application (part, vehicle, qualifiers, part type, position and notes)
 * that makes a tombstone's `action="D"` wrong or redundant: a live one (added again after the
 * delete: the D would delete it on the receiving side, whatever the order of the two Apps) or a
 * later tombstone (whose D is written instead: two Ds of one application are a `duplicate`). Two
 * probes of the part's rows, each by an index on `part_id` (`applications_live_part`, and
 * `applications_deleted_part` of migration 0082): asked as one `or`, PostgreSQL read every live
 * application and every later id for each tombstone, 30 ms a tombstone at 200,000 (decision 154).
 */
const sameAs = sql`
  o.part_id = applications.part_id and o.base_vehicle_id = applications.base_vehicle_id
  and o.submodel_id is not distinct from applications.submodel_id and o.engine_base_id is not distinct from applications.engine_base_id
  and o.part_type_id is not distinct from applications.part_type_id and o.position_id is not distinct from applications.position_id
  and o.notes = applications.notes and o.id <> applications.id
`;
const sameApplication = sql`(
  exists (select 1 from applications o where o.deleted_at is null and ${sameAs})
  or exists (select 1 from applications o where o.deleted_at is not null and o.id > applications.id and ${sameAs})
)`;

/** The part's number was corrected on or after `since` (a former number, decision 112): its live applications go out again under its number now. */
const renumberedSince = (since: Date) => sql`select 1 from part_former_numbers f where f.part_id = parts.id and f.created_at >= ${since}`;

/** A net change of more candidates than this is read by ranges of ids, as FULL; of fewer, by their ids. */
const FEW_CANDIDATES = 20 * EXPORT_PAGE;

/** A net change since a day on which more parts than this were archived or renumbered reads every application, as FULL. */
const TOUCHED_PARTS_MAX = 1_000;

/**
 * The applications a net change since `since` may choose (`chosen` is true of no other): those
 * changed on or after the day (the `applications_changed` index), and the live ones of `parts`,
 * those archived or renumbered since (`applications_live_part`). A superset: `chosen` decides.
 */
const candidates = (since: Date, parts: string[]) => sql<{ id: string }>`
  select id from applications where changed_at >= ${since}
  ${parts.length > 0 ? sql`union all select id from applications where deleted_at is null and part_id in (${sql.join(parts)})` : sql``}
`;

/**
 * Which applications an export reads: `range`, every id from `first` to `last` (FULL: all of
 * them), a page of EXPORT_PAGE ids at a time; `ids`, those ids only (a net change of few); `none`.
 * `renumbered`: the parts renumbered since the day, when they are few (their former numbers' deletes).
 */
type Scope = ({ kind: 'none' } | { kind: 'ids'; ids: string[] } | { kind: 'range'; first?: string; last?: string }) & { renumbered?: string[] };

/**
 * FULL reads every application. A net change first finds the parts archived or renumbered since
 * the day, then counts its candidates by their indexes: none (a net change of nothing) reads
 * nothing more; a few are read by their ids; many, by the range of ids from the first to the last,
 * as FULL is — each page an index scan whatever the planner thinks of `chosen` (decision 143).
 * Before, a net change of nothing read every page of every application to find nothing in it: 35 s
 * at 2,000,000 (decision 154). The parts are asked for on their own: joined in one query,
 * PostgreSQL took the renumbered parts of a table never analysed (empty) for hundreds and scanned
 * every application to match them.
 */
async function scopeOf(db: Db, since: Date | undefined): Promise<Scope> {
  if (!since) return { kind: 'range' };
  const partsOf = async (query: RawBuilder<{ id: string }>) => {
    const { rows } = await sql<{ id: string }>`${query} limit ${TOUCHED_PARTS_MAX + 1}`.execute(db);
    return rows.length > TOUCHED_PARTS_MAX ? undefined : rows.map((row) => row.id);
  };
  const archived = await partsOf(sql`select id from parts where archived_at >= ${since}`);
  const renumbered = await partsOf(sql`select distinct part_id as id from part_former_numbers where created_at >= ${since}`);
  if (!archived || !renumbered) return { kind: 'range' };
  const parts = [...new Set([...archived, ...renumbered])];
  const found = (
    await sql<{ count: string; first: string | null; last: string | null }>`select count(*) as count, min(id) as first, max(id) as last from (${candidates(since, parts)}) c`.execute(db)
  ).rows[0];
  const count = Number(found?.count ?? 0);
  if (count === 0 || !found?.first || !found.last) return { kind: 'none', renumbered };
  if (count > FEW_CANDIDATES) return { kind: 'range', first: found.first, last: found.last, renumbered };
  const { rows } = await sql<{ id: string }>`select distinct id from (${candidates(since, parts)}) c order by id`.execute(db);
  return { kind: 'ids', ids: rows.map((row) => String(row.id)), renumbered };
}

/** The condition on `applications.id` of each page of `scope`, in id order. */
async function* pagesOf(db: Db, scope: Scope): AsyncGenerator<RawBuilder<boolean>> {
  if (scope.kind === 'none') return;
  if (scope.kind === 'ids') {
    for (let from = 0; from < scope.ids.length; from += EXPORT_PAGE) yield sql<boolean>`applications.id in (${sql.join(scope.ids.slice(from, from + EXPORT_PAGE))})`;
    return;
  }
  // A page is the next EXPORT_PAGE ids (an index scan), then the applications of that range.
  const before = scope.first === undefined ? '0' : String(BigInt(scope.first) - 1n);
  for (let after = before; ; ) {
    const page = await db
      .selectFrom((eb) => {
        let ids = eb.selectFrom('applications').select('id').where('id', '>', after);
        if (scope.last !== undefined) ids = ids.where('id', '<=', scope.last);
        return ids.orderBy('id').limit(EXPORT_PAGE).as('page');
      })
      .select((eb) => eb.fn.max('page.id').as('last'))
      .executeTakeFirst();
    const last = page?.last;
    if (last === null || last === undefined) return;
    yield sql<boolean>`applications.id > ${after} and applications.id <= ${String(last)}`;
    after = String(last);
  }
}

/** The condition on `applications.id` of every application `scope` reads (not `none`). */
function within(scope: Exclude<Scope, { kind: 'none' }>): RawBuilder<boolean> {
  if (scope.kind === 'ids') return sql<boolean>`applications.id in (${sql.join(scope.ids)})`;
  if (scope.first === undefined || scope.last === undefined) return sql<boolean>`true`;
  return sql<boolean>`applications.id between ${scope.first} and ${scope.last}`;
}

/**
 * An ACES 4.2 file of the shop's applications as a stream of text (decision 078): the Header (the
 * sender from the shop's settings, the VCdb and PCdb version dates as the days of their last
 * imports, else today), one App per application read `EXPORT_PAGE` at a time in keyset order —
 * never all rows at once — its elements in the order of the 4.2 schema, and the Footer's
 * RecordCount. FULL: the live applications, each `action="A"`; since a date: those changed on or
 * after it, a deleted one as `action="D"` unless the same application is live again or deleted
 * again later (`sameApplication`). An application without a part type is left out (an App must
 * name one), and a comment before the Footer says how many and of which parts. Applications of
 * archived parts are left out of FULL and deleted (`action="D"`) in a net change since a day on
 * or before the part's archiving, as the PIES export leaves the part out. A part renumbered since
 * the day (a former number) sends its live applications under its number now (`action="A"`) and
 * under the former number (`action="D"`), as the PIES file deletes that number (decision 134). What `readAces`
 * reads back to the same applications.
 */
export async function* writeAces(db: Db, options: AcesExportOptions): AsyncGenerator<string> {
  const [settings, vcdb, pcdb] = await Promise.all([
    db.selectFrom('shop_settings').select(['brand_aaia_id', 'catalogue_sender_name']).executeTakeFirst(),
    lastImport(db, 'vcdb'),
    lastImport(db, 'pcdb'),
  ]);
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<ACES version="4.2">\n';
  yield [
    '<Header>',
    element('Company', options.company),
    element('SenderName', settings?.catalogue_sender_name ?? options.company),
    // Required by the 4.2 schema after SenderName (decision 078 took it for optional): the shop has
    // no phone setting, so it is written empty, which the schema's xs:string allows (decision 174).
    '<SenderPhone></SenderPhone>',
    element('TransferDate', options.today),
    element('BrandAAIAID', settings?.brand_aaia_id),
    element('DocumentTitle', options.since ? `Applications changed since ${options.since}` : 'Applications'),
    element('EffectiveDate', options.today),
    element('SubmissionType', options.since ? 'UPDATE' : 'FULL'),
    element('VcdbVersionDate', vcdb ?? options.today),
    // Required by the 4.2 schema between the VCdb and PCdb dates; the shop writes no Qdb qualifier.
    element('QdbVersionDate', options.today),
    element('PcdbVersionDate', pcdb ?? options.today),
    '</Header>\n',
  ].join('');

  // The applications of archived parts are not on sale (parts-on-sale.ts, the PIES): FULL leaves
  // them out; since a day, those of a part archived on or after it go as deletes.
  const since = options.since ? new Date(`${options.since}T00:00:00Z`) : undefined;
  const chosen = since
    ? sql<boolean>`((applications.changed_at >= ${since} and (parts.archived_at is null or parts.archived_at >= ${since})
        and (applications.deleted_at is null or not ${sameApplication}))
      or (parts.archived_at >= ${since} and applications.deleted_at is null)
      or (applications.deleted_at is null and parts.archived_at is null and exists (${renumberedSince(since)})))`
    : sql<boolean>`applications.deleted_at is null and parts.archived_at is null`;
  const scope = await scopeOf(db, since);
  let count = 0;
  for await (const page of pagesOf(db, scope)) {
    // Each query reads one page of applications and probes the part of each (a lateral join, not
    // flattened: `limit 1`), whatever PostgreSQL thinks of `chosen`. Asked for "the next 500
    // chosen" in one join, a net change's query (the tombstone check priced the index scans out)
    // joined every later application to every part and sorted them, for each page: 2,000,000
    // applications since a day took hours; FULL, 43 s (docs/benchmarks.md, 2026-12-06).
    const rows = await db
      .selectFrom('applications')
      .innerJoinLateral(
        (eb) => eb.selectFrom('parts').select(['parts.id', 'parts.archived_at', 'parts.part_number', 'parts.brand_aaia_id']).whereRef('parts.id', '=', 'applications.part_id').limit(1).as('parts'),
        (join) => join.onTrue(),
      )
      .select([...APP_COLUMNS, 'applications.deleted_at', 'parts.archived_at', 'parts.part_number', 'parts.brand_aaia_id'])
      .where(page)
      .where('applications.part_type_id', 'is not', null)
      .where(chosen)
      .orderBy('applications.id')
      .execute();
    if (rows.length > 0) yield rows.map((row) => app(row.deleted_at || row.archived_at ? 'D' : 'A', row)).join('');
    count += rows.length;
  }
  // A part renumbered since the day (its number corrected, decision 112): a receiver knows its
  // applications under the number it had, so they go as deletes of that number too (decision 134).
  if (since && scope.renumbered?.length !== 0) {
    for (let afterApp = '0', afterNumber = ''; ; ) {
      const rows = await db
        .selectFrom('applications')
        .innerJoin('parts', 'parts.id', 'applications.part_id')
        .innerJoin('part_former_numbers as former', 'former.part_id', 'parts.id')
        .select([
          ...APP_COLUMNS,
          'former.part_number',
          'parts.brand_aaia_id',
        ])
        .where('former.created_at', '>=', since)
        .$if(scope.renumbered !== undefined, (query) => query.where('applications.part_id', 'in', scope.renumbered ?? []))
        // What the receiver may hold under the former number: the live applications, and those
        // deleted since the day (each once: not one live again or deleted again later), of a part
        // on sale or archived since the day. Before decision 174 a part renumbered and then
        // archived, or an application deleted, since the day went out as deletes under its number
        // now only, which the receiver never had: it kept them under the former one.
        .where((eb) => eb.or([eb('applications.deleted_at', 'is', null), eb.and([eb('applications.changed_at', '>=', since), sql<boolean>`not ${sameApplication}`])]))
        .where((eb) => eb.or([eb('parts.archived_at', 'is', null), eb('parts.archived_at', '>=', since)]))
        .where('applications.part_type_id', 'is not', null)
        .where((eb) => eb.or([eb('applications.id', '>', afterApp), eb.and([eb('applications.id', '=', afterApp), eb('former.part_number', '>', afterNumber)])]))
        .orderBy('applications.id')
        .orderBy('former.part_number')
        .limit(EXPORT_PAGE)
        .execute();
      const last = rows.at(-1);
      if (!last) break;
      yield rows.map((row) => app('D', row)).join('');
      count += rows.length;
      [afterApp, afterNumber] = [last.id, last.part_number];
    }
  }
  // An App without a PartType is not ACES (the 4.2 schema requires one, and our reader refuses it):
  // such an application (the fitment CSV's, of a part without a part type) is left out, and said so.
  // Within the applications the net change may choose: nothing read when nothing changed.
  const left =
    scope.kind === 'none'
      ? undefined
      : await db
          .selectFrom('applications')
          .innerJoin('parts', 'parts.id', 'applications.part_id')
          .select((eb) => [eb.fn.countAll<string>().as('count'), sql<string[]>`(array_agg(distinct parts.part_number order by parts.part_number))[1:${LEFT_OUT_NAMED}]`.as('parts')])
          .where(within(scope))
          .where('applications.part_type_id', 'is', null)
          .where(chosen)
          .executeTakeFirst();
  const leftOut = Number(left?.count ?? 0);
  if (leftOut > 0) {
    const named = (left?.parts ?? []).join(', ') + (leftOut > LEFT_OUT_NAMED ? ' …' : '');
    yield `<!-- Left out: ${leftOut} application${leftOut === 1 ? '' : 's'} whose part has no PCdb part type, which an ACES App must name (${escape(named).replace(/--/g, '- -')}). -->\n`;
  }
  yield `<Footer><RecordCount>${count}</RecordCount></Footer>\n</ACES>\n`;
}
