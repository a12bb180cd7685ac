import type { Db } from '../../../db/database';

/** Rows read per round trip of an export. */
export const EXPORT_PAGE = 500;

/**
 * The parts on sale, `EXPORT_PAGE` at a time in keyset order (never all rows at once), with the
 * columns the PIES and parts CSV exports write; `since` (`YYYY-MM-DD`): only the parts whose
 * catalogue data changed on or after that day, those replacing a part whose data did and the
 * kits of a component renumbered since then (decision 134).
 */
export async function* partsOnSale(db: Db, since?: string) {
  let after = '0';
  for (;;) {
    let query = db
      .selectFrom('parts')
      .leftJoin('parts as replacer', 'replacer.id', 'parts.replaced_by')
      .select([
        'parts.id',
        'parts.seq',
        'parts.part_number',
        'parts.name',
        'parts.description',
        'parts.img',
        'parts.category_slug',
        'parts.price_cents',
        'parts.min_order_quantity',
        'parts.gtin',
        'parts.package_gtin',
        'parts.brand_aaia_id',
        'parts.part_terminology_id',
        'parts.weight_grams',
        'parts.package_length_mm',
        'parts.package_width_mm',
        'parts.package_height_mm',
        'parts.lifecycle_code',
        'replacer.part_number as replaced_by',
      ])
      .where('parts.archived_at', 'is', null)
      .where('parts.seq', '>', after)
      .orderBy('parts.seq')
      .limit(EXPORT_PAGE);
    if (since) {
      // A part replacing one whose row changed goes too: its Item says what it replaces (decision
      // 074), and the replaced part's own Item, life cycle 7, does not say by what (decision 134).
      const day = new Date(`${since}T00:00:00Z`);
      query = query.where((eb) =>
        eb.or([
          eb('parts.updated_at', '>=', day),
          eb.exists(eb.selectFrom('parts as replaced').select('replaced.id').whereRef('replaced.replaced_by', '=', 'parts.id').where('replaced.updated_at', '>=', day)),
          // A kit one of whose components was renumbered: its Item names the component's number now.
          eb.exists(
            eb
              .selectFrom('part_kit_components as component')
              .innerJoin('part_former_numbers as former', 'former.part_id', 'component.component_id')
              .select('component.kit_id')
              .whereRef('component.kit_id', '=', 'parts.id')
              .where('former.created_at', '>=', day),
          ),
        ]),
      );
    }
    const rows = await query.execute();
    const last = rows.at(-1);
    if (!last) return;
    yield rows;
    after = last.seq;
  }
}
