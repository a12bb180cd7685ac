import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database';

/** An engine base in words, as the trade writes it: 3.5L V6, 2.0L I4, 2.5L H4 (decision 079). */
export const engineWords = (alias: string): RawBuilder<string> =>
  sql<string>`(${sql.ref(`${alias}.liter`)} || 'L ' || case ${sql.ref(`${alias}.block_type`)} when 'L' then 'I' else ${sql.ref(`${alias}.block_type`)} end || ${sql.ref(`${alias}.cylinders`)})`;

/**
 * Makes the storefront's `vehicles` what the VCdb lists (decision 079), in the caller's
 * transaction, after the VCdb is loaded or reloaded:
 * 1. every configuration gets a row, kept by its ids so that its id (a garage's, a report's)
 *    survives a reload: a base vehicle; a base vehicle with each submodel and each engine base its
 *    Vehicle and VehicleToEngineConfig rows list; and with both. An older shop's row of the same
 *    year, make, model and engine words (none, or the VCdb's) is taken over, keeping its id;
 * 2. the words (year, make, model, submodel, engine) follow the VCdb's names;
 * 3. the rows of configurations the VCdb no longer lists go, unless a garage or a fitment report
 *    holds them (they stay with their words, and fit what their ids still match);
 * 4. an older shop's fitment rows (`legacy_fitments`) whose vehicle the VCdb now names by year,
 *    make, model (and engine, when its words are the VCdb's) become applications; the rest wait.
 */
export async function syncStorefrontVehicles(trx: Db): Promise<void> {
  await sql`
    create temporary table storefront_configurations on commit drop as
    with configurations as (
      select id as base_vehicle_id, null::integer as submodel_id, null::integer as engine_base_id from vcdb_base_vehicles
      union select base_vehicle_id, submodel_id, null from vcdb_vehicles
      union select v.base_vehicle_id, null, ve.engine_base_id from vcdb_vehicles v join vcdb_vehicle_engines ve on ve.vehicle_id = v.id
      union select v.base_vehicle_id, v.submodel_id, ve.engine_base_id from vcdb_vehicles v join vcdb_vehicle_engines ve on ve.vehicle_id = v.id
    )
    select c.base_vehicle_id, c.submodel_id, c.engine_base_id, bv.year_id as year, mk.name as make, md.name as model,
           coalesce(s.name, '') as submodel, coalesce(${engineWords('e')}, '') as engine
    from configurations c
    join vcdb_base_vehicles bv on bv.id = c.base_vehicle_id
    join vcdb_makes mk on mk.id = bv.make_id
    join vcdb_models md on md.id = bv.model_id
    left join vcdb_submodels s on s.id = c.submodel_id
    left join vcdb_engine_bases e on e.id = c.engine_base_id
  `.execute(trx);

  // Two engine bases of one base vehicle may have the same words (1,390 and 1,398 cc are both
  // "1.4L I4"): those get their cc, or their CID where the cc is the same too, so that the
  // picker can offer both and a garage tells them apart (decision 079, amended 2026-12-05).
  await sql`
    update storefront_configurations c set engine = c.engine || ' ' || told.extra
    from (
      select same.base_vehicle_id, e.id as engine_base_id,
             case when same.ccs = same.engines then e.cc || 'cc' when same.cids = same.engines then e.cid || 'CID' else 'engine ' || e.id end as extra
      from (
        select c.base_vehicle_id, c.engine, count(distinct e.id) as engines, count(distinct e.cc) as ccs, count(distinct e.cid) as cids,
               array_agg(distinct e.id) as ids
        from storefront_configurations c join vcdb_engine_bases e on e.id = c.engine_base_id
        group by c.base_vehicle_id, c.engine
        having count(distinct e.id) > 1
      ) same
      cross join lateral unnest(same.ids) as each_id(id)
      join vcdb_engine_bases e on e.id = each_id.id
    ) told
    where c.base_vehicle_id = told.base_vehicle_id and c.engine_base_id = told.engine_base_id
  `.execute(trx);

  // An older shop's rows: one per configuration (the oldest id), by their words.
  await sql`
    update vehicles v set base_vehicle_id = c.base_vehicle_id, engine_base_id = c.engine_base_id
    from (
      select distinct on (c.base_vehicle_id, c.engine_base_id) v.id, c.base_vehicle_id, c.engine_base_id
      from vehicles v
      join storefront_configurations c
        on c.submodel_id is null and c.year = v.year and lower(c.make) = lower(v.make) and lower(c.model) = lower(v.model)
       and lower(c.engine) = lower(v.engine)
      where v.base_vehicle_id is null
        and not exists (
          select 1 from vehicles taken
          where taken.base_vehicle_id = c.base_vehicle_id and taken.submodel_id is null
            and coalesce(taken.engine_base_id, 0) = coalesce(c.engine_base_id, 0))
      order by c.base_vehicle_id, c.engine_base_id, v.id
    ) c
    where v.id = c.id
  `.execute(trx);

  await sql`
    insert into vehicles (base_vehicle_id, submodel_id, engine_base_id, year, make, model, submodel, engine)
    select base_vehicle_id, submodel_id, engine_base_id, year, make, model, submodel, engine from storefront_configurations
    on conflict (base_vehicle_id, (coalesce(submodel_id, 0)), (coalesce(engine_base_id, 0))) where base_vehicle_id is not null
    do update set year = excluded.year, make = excluded.make, model = excluded.model, submodel = excluded.submodel, engine = excluded.engine
    where (vehicles.year, vehicles.make, vehicles.model, vehicles.submodel, vehicles.engine)
      is distinct from (excluded.year, excluded.make, excluded.model, excluded.submodel, excluded.engine)
  `.execute(trx);

  await sql`
    delete from vehicles v
    where v.base_vehicle_id is not null
      and not exists (
        select 1 from storefront_configurations c
        where c.base_vehicle_id = v.base_vehicle_id
          and coalesce(c.submodel_id, 0) = coalesce(v.submodel_id, 0)
          and coalesce(c.engine_base_id, 0) = coalesce(v.engine_base_id, 0))
      and not exists (select 1 from garage_vehicles g where g.vehicle_id = v.id)
      and not exists (select 1 from fitment_reports r where r.vehicle_id = v.id)
  `.execute(trx);

  await sql`
    with named as (
      select l.part_id, l.vehicle_id, c.base_vehicle_id, c.engine_base_id
      from legacy_fitments l
      join vehicles v on v.id = l.vehicle_id
      join lateral (
        select c.base_vehicle_id, c.engine_base_id from storefront_configurations c
        where c.submodel_id is null and c.year = v.year and lower(c.make) = lower(v.make) and lower(c.model) = lower(v.model)
          and (lower(c.engine) = lower(v.engine) or c.engine_base_id is null)
        order by c.engine_base_id nulls last
        limit 1
      ) c on true
    ),
    moved as (
      insert into applications (part_id, base_vehicle_id, engine_base_id)
      select distinct n.part_id, n.base_vehicle_id, n.engine_base_id from named n
      where not exists (
        select 1 from applications a
        where a.part_id = n.part_id and a.base_vehicle_id = n.base_vehicle_id and a.deleted_at is null
          and a.submodel_id is null and a.engine_base_id is not distinct from n.engine_base_id)
    )
    delete from legacy_fitments l using named n where l.part_id = n.part_id and l.vehicle_id = n.vehicle_id
  `.execute(trx);
  await sql`drop table storefront_configurations`.execute(trx);
}

/**
 * Stops listing a part as fitting a storefront vehicle (an admin's "remove", an accepted fitment
 * report): the part's live applications that fit the vehicle become tombstones (decision 077).
 * An application of the whole base vehicle goes for all its configurations. Answers how many.
 */
export async function stopListing(trx: Db, partId: string, vehicleId: string): Promise<number> {
  const result = await sql`
    update applications a set deleted_at = now(), changed_at = now()
    from vehicles v
    where v.id = ${vehicleId} and a.part_id = ${partId} and a.deleted_at is null
      and a.base_vehicle_id = v.base_vehicle_id
      and (a.submodel_id is null or a.submodel_id = v.submodel_id)
      and (a.engine_base_id is null or a.engine_base_id = v.engine_base_id)
  `.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}
