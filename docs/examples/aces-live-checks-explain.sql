-- Decision 084: the ACES import's overlap check against the live applications, on PostgreSQL.
-- Made-up data: 20,000 parts, 1,000,000 live applications on 20,000 base vehicles, and :stage
-- staged Apps (psql -v stage=200000). Tables as migrations 0041 and 0047 make them, without
-- foreign keys. Run on an empty database: psql -v stage=1000 "$URL" -f aces-live-checks-explain.sql
create table parts (id uuid primary key default gen_random_uuid(), part_number text unique, brand_aaia_id text);
create table applications (id bigint generated always as identity primary key, part_id uuid not null, base_vehicle_id integer not null, submodel_id integer, engine_base_id integer, part_type_id integer, position_id integer, quantity integer not null default 1, notes text[] not null default '{}', mfr_label text, deleted_at timestamptz);
create index applications_live_part on applications (part_id) where deleted_at is null;
create index applications_live_base_vehicle on applications (base_vehicle_id, part_id) where deleted_at is null;
insert into parts (part_number, brand_aaia_id) select 'P-' || i, case when i % 2 = 0 then 'AAAA' else 'BBBB' end from generate_series(1, 20000) i;
create temporary table pn as select id, row_number() over (order by part_number) n from parts;
-- 1,000,000 live applications on 20,000 base vehicles
insert into applications (part_id, base_vehicle_id, submodel_id, engine_base_id, part_type_id, position_id, notes)
select pn.id, 100000 + (i % 20000), case when i % 3 = 0 then 20000 + i % 7 end, case when i % 5 = 0 then 30000 + i % 4 end, 59000 + i % 40, case when i % 2 = 0 then 69001 end, case when i % 11 = 0 then array['note'] else '{}' end
from generate_series(1, 1000000) i join pn on pn.n = 1 + (i::bigint * 7919) % 20000;
create index applications_live_vehicle_key on applications (base_vehicle_id, part_type_id, coalesce(submodel_id, 0), coalesce(engine_base_id, 0), coalesce(position_id, 0)) where deleted_at is null;
analyze parts; analyze applications;
create temporary table aces_apps (seq integer primary key, line integer not null, ref text not null, action text not null, part_number text not null, part_id uuid, base_vehicle_id integer not null, submodel_id integer, engine_base_id integer, part_type_id integer not null, position_id integer, quantity integer not null, notes text[] not null, mfr_label text, code text, message text, match_id bigint, same boolean);
insert into aces_apps (seq, line, ref, action, part_number, part_id, base_vehicle_id, submodel_id, engine_base_id, part_type_id, position_id, quantity, notes)
select i, i + 3, i::text, 'A', p.part_number, p.id, 100000 + (i::bigint * 13 % 20000)::int, case when i % 3 = 0 then 20000 + i % 7 end, case when i % 5 = 0 then 30000 + i % 4 end, 59000 + i % 40, case when i % 2 = 0 then 69001 end, 1, '{}'
from generate_series(1, :stage) i join pn on pn.n = 1 + (i::bigint * 104729) % 20000 join parts p on p.id = pn.id;
analyze aces_apps;
create index on aces_apps (match_id);
\echo === the overlap check of decision 084: a probe of applications_live_vehicle_key per staged App
explain analyze select a.seq, o.live_part
    from aces_apps a
    cross join lateral (
      select p.part_number as live_part
      from applications ap
      join parts p on p.id = ap.part_id
      where ap.deleted_at is null and ap.base_vehicle_id = a.base_vehicle_id and ap.part_type_id = a.part_type_id
        and coalesce(ap.submodel_id, 0) = coalesce(a.submodel_id, 0) and coalesce(ap.engine_base_id, 0) = coalesce(a.engine_base_id, 0)
        and coalesce(ap.position_id, 0) = coalesce(a.position_id, 0) and ap.part_id <> a.part_id
        and not exists (select 1 from aces_apps d where d.match_id = ap.id and d.action = 'D' and d.code is null)
        and cardinality(ap.notes) = 0 and ap.mfr_label is null
      order by ap.id
      limit 1
    ) o
    where a.code is null and a.action = 'A' and cardinality(a.notes) = 0 and a.mfr_label is null;
