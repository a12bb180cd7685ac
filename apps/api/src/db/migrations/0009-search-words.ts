import { sql, type Kysely } from 'kysely';

/**
 * The words of the parts' names, for spelling correction (pg_trgm's documented way): a typo is
 * matched against this short list, not against every part, and the words it may mean go into
 * the full-text query. Triggers keep it up to date; a word no longer used stays harmlessly.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table search_words (word text primary key)`.execute(db);
  await sql`create index search_words_trgm_idx on search_words using gin (word gin_trgm_ops)`.execute(db);
  await sql`
    create function search_words_of(name text) returns setof text language sql immutable parallel safe as $$
      select distinct lower(word) from regexp_split_to_table(name, '[^[:alpha:]]+') as word where length(word) >= 3
    $$
  `.execute(db);
  await sql`
    create function remember_search_words() returns trigger language plpgsql as $$
    begin
      insert into search_words (word)
        select distinct search_words_of(name) from changed_parts
        on conflict do nothing;
      return null;
    end
    $$
  `.execute(db);
  // Statement triggers with the changed rows: one insert per statement, however many parts.
  await sql`
    create trigger parts_search_words_insert after insert on parts
      referencing new table as changed_parts for each statement execute function remember_search_words()
  `.execute(db);
  await sql`
    create trigger parts_search_words_update after update on parts
      referencing new table as changed_parts for each statement execute function remember_search_words()
  `.execute(db);
  await sql`insert into search_words (word) select distinct search_words_of(name) from parts on conflict do nothing`.execute(db);
}
