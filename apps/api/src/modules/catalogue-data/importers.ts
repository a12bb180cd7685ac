import type { CatalogueImportKind } from '@autoparts/shared';
import type { Database } from '../../db/schema';
import type { Importer } from './importer';
import { importAces } from './aces/import';
import { importPartsCsv } from './parts-csv/import';
import { importPies } from './pies/import';
import { pcdbTables, referenceImporter, vcdbTables } from './reference-data';

/** The tables a PIES file or a parts CSV writes: the parts and what the items say of them. */
const partTables: Array<keyof Database> = ['parts', 'part_descriptions', 'part_price_breaks', 'part_interchange', 'part_kit_components'];

/**
 * The reader of each kind of file, and the tables it writes: an applied import brings their
 * planner statistics up to date before it commits (job.ts).
 */
export const importers: Record<CatalogueImportKind, { read: Importer; tables: Array<keyof Database> }> = {
  vcdb: { read: referenceImporter(vcdbTables, 'VCdb'), tables: vcdbTables.map((spec) => spec.table) },
  pcdb: { read: referenceImporter(pcdbTables, 'PCdb'), tables: pcdbTables.map((spec) => spec.table) },
  aces: { read: importAces, tables: ['applications'] },
  pies: { read: importPies, tables: partTables },
  'parts-csv': { read: importPartsCsv, tables: partTables },
};
