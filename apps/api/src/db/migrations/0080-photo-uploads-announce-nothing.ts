import { sql, type Kysely } from 'kysely';

/**
 * An uploaded photo is shown by no cached read: its variants are served from `image_variants`
 * with a year's `Cache-Control`, and a part shows it only once the part's `img` names it, which
 * is a change of `parts` (and announces itself). Migration 0016's trigger on `images` made every
 * upload, even one never saved on a part, empty every instance's catalogue cache (decision 152).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists images_notify_change on images`.execute(db);
}
