import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../../db/database';
import { EXPORT_PAGE } from '../pies/writer';
import { PARTS_CSV_COLUMNS } from './columns';

/** The parts on sale as a parts CSV, a header line first, read `EXPORT_PAGE` at a time in keyset order. */
export async function* writePartsCsv(db: Db): AsyncGenerator<string> {
  const options = { escape_formulas: true } as const;
  yield stringify([[...PARTS_CSV_COLUMNS]], options);
  let after = '0';
  for (;;) {
    const rows = await db
      .selectFrom('parts')
      .leftJoin('parts as replacer', 'replacer.id', 'parts.replaced_by')
      .select([
        'parts.seq',
        'parts.part_number',
        'parts.name',
        'parts.description',
        'parts.category_slug',
        'parts.price_cents',
        'parts.min_order_quantity',
        'parts.gtin',
        'parts.brand_aaia_id',
        'parts.part_terminology_id',
        'parts.weight_grams',
        'parts.package_length_mm',
        'parts.package_width_mm',
        'parts.package_height_mm',
        'parts.package_gtin',
        'parts.lifecycle_code',
        'replacer.part_number as replaced_by',
        'parts.img',
      ])
      .where('parts.archived_at', 'is', null)
      .where('parts.seq', '>', after)
      .orderBy('parts.seq')
      .limit(EXPORT_PAGE)
      .execute();
    if (rows.length === 0) return;
    yield stringify(
      rows.map((row) => [
        row.part_number,
        row.name,
        row.description,
        row.category_slug ?? '',
        (row.price_cents / 100).toFixed(2),
        row.min_order_quantity,
        row.gtin ?? '',
        row.brand_aaia_id ?? '',
        row.part_terminology_id ?? '',
        row.weight_grams,
        row.package_length_mm ?? '',
        row.package_width_mm ?? '',
        row.package_height_mm ?? '',
        row.package_gtin ?? '',
        row.lifecycle_code,
        row.replaced_by ?? '',
        row.img,
      ]),
      options,
    );
    after = rows.at(-1)?.seq ?? after;
  }
}
