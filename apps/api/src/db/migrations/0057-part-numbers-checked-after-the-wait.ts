import { sql, type Kysely } from 'kysely';

/**
 * A number is one part's, current or former (migration 0054, decisions 112 and 115), also when two
 * instances write it at once. 0054's triggers looked *before* the row was written: a part added
 * under X while another transaction was correcting X away (X its former number, not yet committed)
 * found no former X, waited on `parts_part_number_key` for the correction, and landed after it
 * beside the former number. Run *after* the row (`after … for each row` fires once the statement
 * has written it, past the unique index's wait), the same check takes a fresh look in read
 * committed and sees the committed former number, and the new part is refused (`unique_violation`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger parts_number_not_former on parts`.execute(db);
  await sql`drop trigger part_former_numbers_not_current on part_former_numbers`.execute(db);
  await sql`
    create trigger parts_number_not_former after insert or update of part_number on parts
      for each row execute function part_numbers_one_holder()
  `.execute(db);
  await sql`
    create trigger part_former_numbers_not_current after insert or update on part_former_numbers
      for each row execute function part_numbers_one_holder()
  `.execute(db);
}
