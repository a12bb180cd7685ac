import { sql, type Kysely } from 'kysely';

/**
 * A part's former numbers (decision 112): an admin who corrects a part number in the catalogue
 * page's Details keeps the old one here, so `/parts/{old}` moves to the part's page (301) and
 * search and quick order find the part by it. A number is one part's, current or former: the
 * primary key keeps former numbers apart, and a trigger on each table refuses a number that the
 * other holds (`unique_violation`, as `parts_part_number_key` answers). A change drops what every
 * instance cached of the catalogue, as `parts`' do (0016, 0023).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('part_former_numbers')
    .addColumn('part_number', 'text', (col) => col.primaryKey().check(sql`part_number ~ '^[A-Z0-9][A-Z0-9-]{0,39}$'`))
    .addColumn('part_id', 'uuid', (col) => col.notNull().references('parts.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('part_former_numbers_by_part').on('part_former_numbers').column('part_id').execute();
  // Search and quick order find a former number by its key, as an interchange number (0033).
  await sql`create index part_former_numbers_key on part_former_numbers (upper(regexp_replace(part_number, '[^0-9A-Za-z]', '', 'g')))`.execute(db);
  await sql`
    create function part_numbers_one_holder() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'parts' then
        if exists (select 1 from part_former_numbers where part_number = new.part_number) then
          raise exception 'part number % is a former number of a part', new.part_number using errcode = 'unique_violation', constraint = 'part_former_numbers_pkey';
        end if;
      elsif exists (select 1 from parts where part_number = new.part_number) then
        raise exception 'part number % is a part''s current number', new.part_number using errcode = 'unique_violation', constraint = 'parts_part_number_key';
      end if;
      return new;
    end
    $$
  `.execute(db);
  await sql`
    create trigger parts_number_not_former before insert or update of part_number on parts
      for each row execute function part_numbers_one_holder()
  `.execute(db);
  await sql`
    create trigger part_former_numbers_not_current before insert or update on part_former_numbers
      for each row execute function part_numbers_one_holder()
  `.execute(db);
  await sql`
    create trigger part_former_numbers_notify_change
      after insert or update or delete or truncate on part_former_numbers
      for each statement execute function notify_shop_change('catalogue')
  `.execute(db);
}
