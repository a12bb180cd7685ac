import { sql, type Kysely } from 'kysely';

/** The systems the catalogue is sorted into; a part belongs to one. */
const categories = [
  ['brakes', 'Brakes'],
  ['engine', 'Engine'],
  ['electrical', 'Electrical'],
  ['ignition', 'Ignition'],
  ['filters', 'Filters'],
  ['suspension', 'Suspension'],
  ['cooling', 'Cooling'],
  ['drivetrain', 'Drivetrain'],
  ['lighting', 'Lighting'],
  ['wipers', 'Wipers & Body'],
] as const;

/**
 * The fourteen parts a shop seeded before this migration, found by their image: each gets its
 * category, part number and OEM numbers here, so an existing shop is never seeded a second time.
 */
const demoPartNumbers = [
  ['/images/parts/brake-pads.svg', 'brakes', 'BRK-1001', ['04465-33450']],
  ['/images/parts/brake-rotor.svg', 'brakes', 'BRK-2001', ['43512-06180']],
  ['/images/parts/alternator.svg', 'electrical', 'ELC-1001', ['27060-0V010']],
  ['/images/parts/spark-plugs.svg', 'ignition', 'IGN-1001', ['90919-01253']],
  ['/images/parts/oil-filter.svg', 'filters', 'FLT-1001', ['90915-YZZD4']],
  ['/images/parts/air-filter.svg', 'filters', 'FLT-2001', ['17801-0V020']],
  ['/images/parts/shock-absorber.svg', 'suspension', 'SUS-1001', ['48530-09L80']],
  ['/images/parts/battery.svg', 'electrical', 'ELC-2001', ['28800-0V050']],
  ['/images/parts/radiator.svg', 'cooling', 'COL-1001', ['16400-0T040']],
  ['/images/parts/timing-belt.svg', 'engine', 'ENG-1001', ['13568-09130']],
  ['/images/parts/water-pump.svg', 'cooling', 'COL-2001', ['16100-29415']],
  ['/images/parts/clutch-kit.svg', 'drivetrain', 'DRV-1001', ['31250-0D220']],
  ['/images/parts/wiper-blades.svg', 'wipers', 'WIP-1001', ['85222-02220']],
  ['/images/parts/headlight-bulbs.svg', 'lighting', 'LGT-1001', ['90981-13088']],
] as const;

/**
 * The catalogue: categories, part numbers, OEM numbers and specifications on parts, vehicles,
 * the fitment between them, and what search reads — a weighted tsvector (part and OEM numbers
 * above the name above the description) and a lower-case text for pg_trgm's typo tolerance.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  await db.schema
    .createTable('categories')
    .addColumn('slug', 'text', (col) => col.primaryKey().check(sql`slug ~ '^[a-z0-9-]{1,40}$'`))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .execute();
  await db
    .insertInto('categories' as never)
    .values(categories.map(([slug, name], position) => ({ slug, name, position })) as never)
    .execute();

  // Parts added without a number (Add a Product) get AP-000001, AP-000002, …
  await sql`create sequence part_number_seq`.execute(db);
  await sql`
    alter table parts
      add column category_slug text references categories (slug),
      add column part_number text not null
        default ('AP-' || lpad(nextval('part_number_seq')::text, 6, '0'))
        check (part_number ~ '^[A-Z0-9][A-Z0-9-]{0,39}$'),
      add column oem_numbers text[] not null default '{}'
        check (cardinality(oem_numbers) <= 20),
      add column specs jsonb not null default '[]'
        check (jsonb_typeof(specs) = 'array')
  `.execute(db);
  await sql`alter table parts add constraint parts_part_number_key unique (part_number)`.execute(db);

  for (const [img, category, partNumber, oemNumbers] of demoPartNumbers) {
    await sql`
      update parts set category_slug = ${category}, part_number = ${partNumber}, oem_numbers = ${[...oemNumbers]}
      where id = (select id from parts where img = ${img} order by seq limit 1)
    `.execute(db);
  }

  // array_to_string is only stable, so a generated column needs this immutable wrapper.
  await sql`
    create function catalogue_numbers(part_number text, oem_numbers text[]) returns text
      language sql immutable parallel safe
      return part_number || ' ' || array_to_string(oem_numbers, ' ')
  `.execute(db);
  await sql`
    alter table parts
      add column search_vector tsvector generated always as (
        setweight(to_tsvector('simple', catalogue_numbers(part_number, oem_numbers)), 'A') ||
        setweight(to_tsvector('english', name), 'B') ||
        setweight(to_tsvector('english', description), 'C')
      ) stored,
      add column search_text text generated always as (
        lower(catalogue_numbers(part_number, oem_numbers) || ' ' || name)
      ) stored
  `.execute(db);
  await sql`create index parts_search_vector_idx on parts using gin (search_vector)`.execute(db);
  await sql`create index parts_search_text_trgm_idx on parts using gin (search_text gin_trgm_ops)`.execute(db);
  await sql`create index parts_oem_numbers_idx on parts using gin (oem_numbers)`.execute(db);
  await sql`create index parts_category_idx on parts (category_slug, price_cents) where archived_at is null`.execute(db);
  await sql`create index parts_price_idx on parts (price_cents) where archived_at is null`.execute(db);

  await db.schema
    .createTable('vehicles')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('make', 'text', (col) => col.notNull().check(sql`length(make) between 1 and 40`))
    .addColumn('model', 'text', (col) => col.notNull().check(sql`length(model) between 1 and 60`))
    .addColumn('year', 'integer', (col) => col.notNull().check(sql`year between 1950 and 2100`))
    .addColumn('engine', 'text', (col) => col.notNull().defaultTo('').check(sql`length(engine) <= 60`))
    .addUniqueConstraint('vehicles_make_model_year_engine_key', ['make', 'model', 'year', 'engine'])
    .execute();
  await sql`create index vehicles_year_make_model_idx on vehicles (year, make, model)`.execute(db);

  await db.schema
    .createTable('fitments')
    .addColumn('part_id', 'uuid', (col) => col.notNull().references('parts.id').onDelete('cascade'))
    .addColumn('vehicle_id', 'uuid', (col) => col.notNull().references('vehicles.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('fitments_pkey', ['part_id', 'vehicle_id'])
    .execute();
  await sql`create index fitments_vehicle_part_idx on fitments (vehicle_id, part_id)`.execute(db);
}
