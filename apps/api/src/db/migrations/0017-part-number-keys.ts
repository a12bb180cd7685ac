import { sql, type Kysely } from 'kysely';

/**
 * Part and OEM numbers as a buyer types them: "brk1001", "BRK 1001" and "0446533450" all mean
 * BRK-1001 or 04465-33450. Each number is reduced to its letters and digits, upper case, and the
 * part's numbers are joined with spaces, with a space at either end (` BRK1001 0446533450 `),
 * so that a whole number, the start of one, or any part of one is a LIKE pattern; the trigram
 * index on that expression answers all three (catalogue/search.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function catalogue_number_keys(part_number text, oem_numbers text[]) returns text
      language sql immutable parallel safe
      return ' ' || translate(
        regexp_replace(upper(array_to_string(array_prepend(part_number, oem_numbers), '|')), '[^A-Z0-9|]', '', 'g'),
        '|', ' '
      ) || ' '
  `.execute(db);
  await sql`
    create index parts_number_keys_trgm_idx on parts
      using gin (catalogue_number_keys(part_number, oem_numbers) gin_trgm_ops)
  `.execute(db);
}
