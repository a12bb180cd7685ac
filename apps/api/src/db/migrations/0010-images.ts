import { sql, type Kysely } from 'kysely';

/**
 * Product photos, in the shop's database so that every instance serves every photo (DESIGN §2).
 * An upload is resized once into a few widths, each as AVIF and WebP; the original is not kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('images')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('uploaded_by', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('image_variants')
    .addColumn('image_id', 'uuid', (col) => col.notNull().references('images.id').onDelete('cascade'))
    .addColumn('format', 'text', (col) => col.notNull().check(sql`format in ('avif', 'webp')`))
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('bytes', 'bytea', (col) => col.notNull())
    .addPrimaryKeyConstraint('image_variants_pkey', ['image_id', 'format', 'width'])
    .execute();
}
