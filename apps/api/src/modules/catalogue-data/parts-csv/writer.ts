import { centsToDecimalText } from '@autoparts/shared';
import { stringify } from 'csv-stringify/sync';
import type { Db } from '../../../db/database';
import { csvWriteOptions } from '../../../lib/csv-cell';
import { partsOnSale } from '../exports/parts-on-sale';
import { PARTS_CSV_COLUMNS } from './columns';

/** The parts on sale as a parts CSV, a header line first, read a page at a time (`partsOnSale`). */
export async function* writePartsCsv(db: Db): AsyncGenerator<string> {
  yield stringify([[...PARTS_CSV_COLUMNS]], csvWriteOptions);
  for await (const rows of partsOnSale(db)) {
    yield stringify(
      rows.map((row) => [
        row.part_number,
        row.name,
        row.description,
        row.category_slug ?? '',
        centsToDecimalText(row.price_cents),
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
      csvWriteOptions,
    );
  }
}
