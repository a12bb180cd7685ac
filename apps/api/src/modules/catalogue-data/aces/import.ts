import { catalogueDataMessages, type CatalogueProblem } from '@autoparts/shared';
import { sql, type RawBuilder } from 'kysely';
import type { ImportContext, Importer } from '../importer';
import { readAces, type AcesHeader } from './reader';

/** Apps sent to the staging table per statement (one jsonb parameter each). */
const STAGE_BATCH = 1_000;
/** Staged apps written to `applications` per statement. */
const APPLY_BATCH = 5_000;
/** Problems read back from the staging table per round trip. */
const PROBLEM_PAGE = 1_000;
/** The steps of `check` its progress counts (decision 147): each is one statement or a few over every staged app. */
const CHECK_STEPS = 15;

type Staged = { seq: number; line: number; ref: string; action: 'A' | 'D'; part_number: string; base_vehicle_id: number; submodel_id: number | null; engine_base_id: number | null; part_type_id: number; position_id: number | null; quantity: number; notes: string[]; mfr_label: string | null };

const affected = (result: { numAffectedRows?: bigint }) => Number(result.numAffectedRows ?? 0);

/**
 * Imports an ACES 4.2 file (decision 078). The apps are staged, a batch at a time, in a temporary
 * table of the import's transaction, so that the file is never held in memory; every check runs on
 * it in SQL (lookups, then window functions for duplicates, overlaps and comment conflicts within
 * the file, then joins for overlaps and comment conflicts with the live applications the file does
 * not replace), each problem marks its app; then the apps not rejected are written set-wise:
 * - FULL: the live applications of the header's brand (without one: all) that no app of the file
 *   names are tombstoned; an app naming a live application leaves it (unchanged) or updates its
 *   quantity and MfrLabel (changed); the others are inserted (added);
 * - UPDATE: `action="A"` as above without tombstoning, `action="D"` tombstones the live application
 *   it names.
 * An application is named by its part, vehicle, qualifiers, part type, position and notes.
 */
export const importAces: Importer = async (input, context) => {
  const { trx, counts } = context;
  await sql`
    create temporary table aces_apps (
      seq integer primary key, line integer not null, ref text not null, action text not null,
      part_number text not null, part_id uuid, base_vehicle_id integer not null, submodel_id integer,
      engine_base_id integer, part_type_id integer not null, position_id integer,
      quantity integer not null, notes text[] not null, mfr_label text,
      code text, message text, match_id bigint, same boolean, superseded boolean not null default false
    ) on commit drop
  `.execute(trx);

  // The reader yields the Header before any App, or ends the file with a fatal problem.
  let header: AcesHeader | undefined;
  let batch: Staged[] = [];
  let seq = 0;
  const flush = async () => {
    // Each app is staged with its part and the live application it names (an index probe each),
    // so that no later statement rewrites every staged row to add them. Every app names the live
    // application it matches, even a rejected one: a FULL file's rejected app keeps what it names
    // rather than deleting it, and an UPDATE file's delete takes its application out of the checks
    // against the live ones.
    await sql`
      insert into aces_apps (seq, line, ref, action, part_number, part_id, base_vehicle_id, submodel_id, engine_base_id, part_type_id, position_id, quantity, notes, mfr_label, match_id, same)
      select x.seq, x.line, x.ref, x.action, x.part_number, p.id, x.base_vehicle_id, x.submodel_id, x.engine_base_id, x.part_type_id, x.position_id, x.quantity,
             x.notes, x.mfr_label, live.id, live.same
      from (
        select r.seq, r.line, r.ref, r.action, r.part_number, r.base_vehicle_id, r.submodel_id, r.engine_base_id, r.part_type_id, r.position_id, r.quantity,
               array(select jsonb_array_elements_text(r.notes)) as notes, r.mfr_label
        from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(
          seq integer, line integer, ref text, action text, part_number text, base_vehicle_id integer, submodel_id integer,
          engine_base_id integer, part_type_id integer, position_id integer, quantity integer, notes jsonb, mfr_label text)
      ) x
      left join parts p on p.part_number = x.part_number
      left join lateral (
        select ap.id, ap.quantity = x.quantity and ap.mfr_label is not distinct from x.mfr_label as same
        from applications ap
        where ap.deleted_at is null and ap.part_id = p.id and ap.base_vehicle_id = x.base_vehicle_id and ap.part_type_id = x.part_type_id
          and coalesce(ap.submodel_id, 0) = coalesce(x.submodel_id, 0) and coalesce(ap.engine_base_id, 0) = coalesce(x.engine_base_id, 0)
          and coalesce(ap.position_id, 0) = coalesce(x.position_id, 0) and ap.notes = x.notes
        order by ap.id
        limit 1
      ) live on true
    `.execute(trx);
    batch = [];
    context.progress(seq, undefined, 'reading');
  };
  for await (const record of readAces(input)) {
    if ('header' in record) {
      header = record.header;
      continue;
    }
    if ('fatal' in record) {
      context.fatal(record.fatal);
      return;
    }
    if (!header) throw new Error('readAces yielded an App before its Header');
    const { line, app, problems } = record;
    seq += 1;
    if (problems.length > 0) {
      for (const problem of problems) context.problem(problem);
      counts.rejected += 1;
      continue;
    }
    batch.push({
      seq,
      line,
      ref: app.id,
      action: app.action,
      part_number: app.partNumber,
      base_vehicle_id: app.baseVehicleId,
      submodel_id: app.submodelId,
      engine_base_id: app.engineBaseId,
      part_type_id: app.partTypeId,
      position_id: app.positionId,
      quantity: app.quantity,
      notes: app.notes,
      mfr_label: app.mfrLabel,
    });
    if (batch.length >= STAGE_BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  if (!header) throw new Error('readAces ended without a Header or a fatal problem');

  counts.rejected += await check(context, header);
  await apply(context, header, seq);
};

/** Marks each staged app with its first problem, reports them in file order, and answers how many. */
async function check(context: ImportContext, header: AcesHeader): Promise<number> {
  const { trx } = context;
  let step = 0;
  const stepDone = () => context.progress(++step, CHECK_STEPS, 'checking');
  context.progress(step, CHECK_STEPS, 'checking');
  // A temporary table is never analysed by autovacuum: without its statistics the planner takes
  // two million staged apps for a few.
  await sql`analyze aces_apps`.execute(trx);
  await sql`create index on aces_apps (match_id)`.execute(trx);
  stepDone();
  const mark = (code: CatalogueProblem['code'], where: RawBuilder<unknown>, message: RawBuilder<unknown>) =>
    sql`update aces_apps a set code = ${code}, message = ${message} where a.code is null and ${where}`.execute(trx);
  const markStep = async (...args: Parameters<typeof mark>) => {
    await mark(...args);
    stepDone();
  };

  await markStep('unknown-base-vehicle', sql`not exists (select 1 from vcdb_base_vehicles v where v.id = a.base_vehicle_id)`, sql`'BaseVehicle ' || a.base_vehicle_id || ' is not in the VCdb.'`);
  await markStep('unknown-submodel', sql`a.submodel_id is not null and not exists (select 1 from vcdb_submodels s where s.id = a.submodel_id)`, sql`'SubModel ' || a.submodel_id || ' is not in the VCdb.'`);
  await markStep('unknown-engine', sql`a.engine_base_id is not null and not exists (select 1 from vcdb_engine_bases e where e.id = a.engine_base_id)`, sql`'EngineBase ' || a.engine_base_id || ' is not in the VCdb.'`);
  await markStep('unknown-part-type', sql`not exists (select 1 from pcdb_part_types t where t.id = a.part_type_id)`, sql`'PartType ' || a.part_type_id || ' is not in the PCdb.'`);
  await markStep('unknown-position', sql`a.position_id is not null and not exists (select 1 from pcdb_positions p where p.id = a.position_id)`, sql`'Position ' || a.position_id || ' is not in the PCdb.'`);
  await markStep(
    'invalid-combination',
    sql`a.submodel_id is not null and not exists (select 1 from vcdb_vehicles v where v.base_vehicle_id = a.base_vehicle_id and v.submodel_id = a.submodel_id)`,
    sql`'SubModel ' || a.submodel_id || ' is not a submodel of BaseVehicle ' || a.base_vehicle_id || ' in the VCdb.'`,
  );
  await markStep(
    'invalid-combination',
    sql`a.engine_base_id is not null and not exists (
      select 1 from vcdb_vehicles v join vcdb_vehicle_engines e on e.vehicle_id = v.id
      where v.base_vehicle_id = a.base_vehicle_id and (a.submodel_id is null or v.submodel_id = a.submodel_id) and e.engine_base_id = a.engine_base_id)`,
    sql`'EngineBase ' || a.engine_base_id || ' is not an engine of BaseVehicle ' || a.base_vehicle_id || coalesce(' with SubModel ' || a.submodel_id, '') || ' in the VCdb.'`,
  );
  // A number an admin corrected away (decision 115) is said as such, with the part's number now.
  const formers = await sql<{ former: string; current: string }>`
    select distinct f.part_number as former, p.part_number as current
    from aces_apps a join part_former_numbers f on f.part_number = a.part_number join parts p on p.id = f.part_id
    where a.code is null and a.part_id is null
  `.execute(trx);
  for (const { former, current } of formers.rows) await mark('former-number', sql`a.part_id is null and a.part_number = ${former}`, sql`${catalogueDataMessages.formerNumber(former, current)}`);
  await markStep('unknown-part', sql`a.part_id is null`, sql`'Part ' || a.part_number || ' is not a part of the shop.'`);

  // Within the file, among the apps not already rejected; the first in the file counts.
  const vehicle = sql`a.base_vehicle_id, a.submodel_id, a.engine_base_id, a.part_type_id, a.position_id`;
  // A repeat of the App before it of the same application with the same action; an A after a D
  // (or a D after an A) is a change the file makes in order, not a repeat.
  const application = sql`a.part_number, ${vehicle}, a.notes`;
  await sql`
    update aces_apps a set code = 'duplicate',
      message = 'App ' || a.ref || ' repeats App ' || d.previous_ref || ' (line ' || d.previous_line || '): the same part, vehicle, qualifiers, part type, position and notes.'
    from (
      select a.seq, a.action, lag(a.action) over w as previous_action, lag(a.ref) over w as previous_ref, lag(a.line) over w as previous_line
      from aces_apps a where a.code is null
      window w as (partition by ${application} order by a.seq)
    ) d
    where d.seq = a.seq and d.previous_action = a.action
  `.execute(trx);
  stepDone();
  await sql`
    update aces_apps a set code = 'overlap',
      message = 'App ' || a.ref || ' gives part ' || a.part_number || ' where App ' || d.first_ref || ' (line ' || d.first_line || ') gives part ' || d.first_part
        || ' for the same vehicle, qualifiers, part type and position, with no note or MfrLabel to tell them apart.'
    from (
      select a.seq, first_value(a.part_number) over w as first_part, first_value(a.ref) over w as first_ref, first_value(a.line) over w as first_line
      from aces_apps a where a.code is null and a.action = 'A' and cardinality(a.notes) = 0 and a.mfr_label is null
      window w as (partition by ${vehicle} order by a.seq)
    ) d
    where d.seq = a.seq and d.first_part <> a.part_number
  `.execute(trx);
  stepDone();
  await sql`
    update aces_apps a set code = 'comment-conflict',
      message = 'App ' || a.ref || case when cardinality(a.notes) > 0 then ' has notes' else ' has no notes' end
        || ' where App ' || d.first_ref || ' (line ' || d.first_line || ') for the same vehicle, qualifiers, part type and position'
        || case when cardinality(a.notes) > 0 then ' has none.' else ' has notes.' end
    from (
      select a.seq, first_value(cardinality(a.notes) > 0) over w as first_noted, first_value(a.ref) over w as first_ref, first_value(a.line) over w as first_line
      from aces_apps a where a.code is null and a.action = 'A'
      window w as (partition by ${vehicle} order by a.seq)
    ) d
    where d.seq = a.seq and d.first_noted <> (cardinality(a.notes) > 0)
  `.execute(trx);
  stepDone();

  await checkLive(context, header);
  stepDone();

  // ACES Apps are applied in file order: of an A and a D of one application, the later one stands
  // (an A, then its D: deleted; a D, then an A: live). The earlier is superseded and changes nothing.
  await sql`
    update aces_apps a set superseded = true
    from (select a.seq, lead(a.seq) over w as next from aces_apps a where a.code is null window w as (partition by ${application} order by a.seq)) d
    where d.seq = a.seq and d.next is not null
  `.execute(trx);
  stepDone();

  let rejected = 0;
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ seq: number; line: number; ref: string; code: CatalogueProblem['code']; message: string }>`
      select seq, line, ref, code, message from aces_apps where code is not null and seq > ${after} order by seq limit ${PROBLEM_PAGE}
    `.execute(trx);
    for (const { line, ref, code, message } of rows) context.problem({ line, ref, code, message });
    rejected += rows.length;
    const last = rows.at(-1);
    if (!last) {
      stepDone();
      return rejected;
    }
    after = last.seq;
  }
}

/**
 * The add apps not yet rejected against the applications already live, of another part, for the
 * same vehicle, qualifiers, part type and position: `overlap` when neither has a note or MfrLabel
 * to tell them apart, `comment-conflict` when one has notes and the other none. The live
 * applications the file replaces do not count: for FULL those of the header's brand (without a
 * brand, all, so there is nothing to check), for UPDATE those a delete app of the file names.
 * Each app names the live application of the lowest id it meets, by its part number, found by an
 * index scan of `applications_live_vehicle_key` (migration 0047) per app.
 */
async function checkLive({ trx }: ImportContext, header: AcesHeader): Promise<void> {
  if (header.submissionType === 'FULL' && header.brandAaiaId === null) return;
  const replaced =
    header.submissionType === 'FULL'
      ? sql`p.brand_aaia_id is distinct from ${header.brandAaiaId}`
      : sql`not exists (select 1 from aces_apps d where d.match_id = ap.id and d.action = 'D' and d.code is null)`;
  // A probe per app rather than a join: the planner, guessing how few rows the notes conditions
  // leave, made the join nested scans of both tables, which ran for minutes at 2,000,000 apps.
  const live = (app: RawBuilder<unknown>, pair: RawBuilder<unknown>) => sql`
    select a.seq, o.live_part
    from aces_apps a
    cross join lateral (
      select p.part_number as live_part
      from applications ap
      join parts p on p.id = ap.part_id
      where ap.deleted_at is null and ap.base_vehicle_id = a.base_vehicle_id and ap.part_type_id = a.part_type_id
        and coalesce(ap.submodel_id, 0) = coalesce(a.submodel_id, 0) and coalesce(ap.engine_base_id, 0) = coalesce(a.engine_base_id, 0)
        and coalesce(ap.position_id, 0) = coalesce(a.position_id, 0) and ap.part_id <> a.part_id and ${replaced} and ${pair}
      order by ap.id
      limit 1
    ) o
    where a.code is null and a.action = 'A' and ${app}
  `;
  await sql`
    update aces_apps a set code = 'overlap',
      message = 'App ' || a.ref || ' gives part ' || a.part_number || ' where live part ' || o.live_part
        || ' is given for the same vehicle, qualifiers, part type and position, with no note or MfrLabel to tell them apart.'
    from (${live(sql`cardinality(a.notes) = 0 and a.mfr_label is null`, sql`cardinality(ap.notes) = 0 and ap.mfr_label is null`)}) o
    where o.seq = a.seq
  `.execute(trx);
  await sql`
    update aces_apps a set code = 'comment-conflict',
      message = 'App ' || a.ref || case when cardinality(a.notes) > 0 then ' has notes' else ' has no notes' end
        || ' where live part ' || o.live_part || ' for the same vehicle, qualifiers, part type and position'
        || case when cardinality(a.notes) > 0 then ' has none.' else ' has notes.' end
    from (${live(sql`true`, sql`(cardinality(a.notes) > 0) <> (cardinality(ap.notes) > 0)`)}) o
    where o.seq = a.seq
  `.execute(trx);
}

/** Writes the apps not rejected into `applications`, counting what it did. */
async function apply(context: ImportContext, header: AcesHeader, total: number): Promise<void> {
  const { trx, counts } = context;
  context.progress(0, total, 'writing');

  if (header.submissionType === 'FULL') {
    const brand = header.brandAaiaId === null ? sql`true` : sql`ap.part_id in (select id from parts where brand_aaia_id = ${header.brandAaiaId})`;
    counts.deleted += affected(
      await sql`
        update applications ap set deleted_at = now(), changed_at = now()
        where ap.deleted_at is null and ${brand} and not exists (select 1 from aces_apps a where a.match_id = ap.id and a.action = 'A' and not a.superseded)
      `.execute(trx),
    );
  }

  for (let from = 1; from <= total; from += APPLY_BATCH) {
    const range = sql`a.seq >= ${from} and a.seq < ${from + APPLY_BATCH} and a.code is null and not a.superseded`;
    const superseded = sql`a.seq >= ${from} and a.seq < ${from + APPLY_BATCH} and a.code is null and a.superseded`;
    counts.added += affected(
      await sql`
        insert into applications (part_id, base_vehicle_id, submodel_id, engine_base_id, part_type_id, position_id, quantity, notes, mfr_label, source_ref)
        select a.part_id, a.base_vehicle_id, a.submodel_id, a.engine_base_id, a.part_type_id, a.position_id, a.quantity, a.notes, a.mfr_label, a.ref
        from aces_apps a where ${range} and a.action = 'A' and a.match_id is null order by a.seq
      `.execute(trx),
    );
    counts.changed += affected(
      await sql`
        update applications ap set quantity = a.quantity, mfr_label = a.mfr_label, source_ref = a.ref, changed_at = now()
        from aces_apps a where ${range} and a.action = 'A' and a.match_id = ap.id and not a.same
      `.execute(trx),
    );
    if (header.submissionType === 'UPDATE') {
      counts.deleted += affected(
        await sql`
          update applications ap set deleted_at = now(), changed_at = now()
          from aces_apps a where ${range} and a.action = 'D' and a.match_id = ap.id and ap.deleted_at is null
        `.execute(trx),
      );
    }
    const { rows } = await sql<{ unchanged: number }>`
      select (select count(*) from aces_apps a where ${range} and a.action = 'A' and a.same)::integer
        + (select count(*) from aces_apps a where ${superseded})::integer as unchanged
    `.execute(trx);
    counts.unchanged += rows[0]?.unchanged ?? 0;
    if (header.submissionType === 'UPDATE') {
      // A delete of what is not live changes nothing: counted unchanged, with a warning.
      const { rows: idle } = await sql<{ line: number; ref: string; part_number: string }>`
        select a.line, a.ref, a.part_number from aces_apps a where ${range} and a.action = 'D' and a.match_id is null order by a.seq
      `.execute(trx);
      for (const { line, ref, part_number } of idle) context.problem({ line, ref, code: 'not-applied', message: `App ${ref} deletes an application of part ${part_number} that is not live: nothing changed.` });
      counts.unchanged += idle.length;
    }
    context.progress(Math.min(from + APPLY_BATCH - 1, total), total, 'writing');
  }
}
