-- Decision 079: the `fitments` view's plan for "parts of a category for a vehicle" on PostgreSQL.
-- Run on an empty database: psql -f docs/examples/fitment-view-explain.sql (tables as migrations 0007, 0041, 0043 make them, trimmed).
create table parts (id uuid primary key default gen_random_uuid(), category_slug text, price_cents int, archived_at timestamptz, name text);
create index parts_category_idx on parts (category_slug, price_cents) where archived_at is null;
create table applications (id bigint generated always as identity primary key, part_id uuid not null references parts(id), base_vehicle_id int not null, submodel_id int, engine_base_id int, deleted_at timestamptz);
create index applications_live_part on applications (part_id) where deleted_at is null;
create index applications_live_base_vehicle on applications (base_vehicle_id, part_id) where deleted_at is null;
create table vehicles (id uuid primary key default gen_random_uuid(), base_vehicle_id int, submodel_id int, engine_base_id int);
create unique index vehicles_configuration on vehicles (base_vehicle_id, (coalesce(submodel_id, 0)), (coalesce(engine_base_id, 0))) where base_vehicle_id is not null;
create view fitments as
  select distinct a.part_id, v.id as vehicle_id from applications a join vehicles v on v.base_vehicle_id = a.base_vehicle_id
  where a.deleted_at is null and (a.submodel_id is null or a.submodel_id = v.submodel_id) and (a.engine_base_id is null or a.engine_base_id = v.engine_base_id);
insert into parts (category_slug, price_cents, name) select 'cat' || (i % 10), (i * 37) % 20000, 'part ' || i from generate_series(1, 5000) i;
insert into vehicles (base_vehicle_id, submodel_id, engine_base_id)
  select b, s, e from generate_series(1, 2000) b, (values (null::int), (1), (2)) s(s), (values (null::int), (1), (2), (3)) e(e);
insert into applications (part_id, base_vehicle_id, engine_base_id)
  select p.id, 1 + (x.n * 7919) % 2000, case when x.n % 3 = 0 then 1 + x.n % 3 else null end
  from (select id, row_number() over () as rn from parts) p, generate_series(0, 9) k, lateral (select p.rn * 10 + k as n) x;
analyze;
select count(*) as applications from applications; select count(*) as vehicles from vehicles; select count(*) as fitments from fitments;
select id as v from vehicles where base_vehicle_id = (select base_vehicle_id from applications group by 1 order by count(*) desc limit 1) and submodel_id is null and engine_base_id = 1 \gset
explain (analyze, costs off)
select p.id, p.name, p.price_cents from parts p
where p.archived_at is null and p.category_slug = 'cat3'
  and exists (select 1 from fitments f where f.part_id = p.id and f.vehicle_id = :'v')
order by p.price_cents limit 24;
