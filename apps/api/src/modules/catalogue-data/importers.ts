import type { CatalogueImportKind } from '@autoparts/shared';
import type { Importer } from './importer';
import { importAces } from './aces/import';
import { importPartsCsv } from './parts-csv/import';
import { importPies } from './pies/import';
import { pcdbTables, referenceImporter, vcdbTables } from './reference-data';

/** The reader of each kind of file. */
export const importers: Record<CatalogueImportKind, Importer> = {
  vcdb: referenceImporter(vcdbTables, 'VCdb'),
  pcdb: referenceImporter(pcdbTables, 'PCdb'),
  aces: importAces,
  pies: importPies,
  'parts-csv': importPartsCsv,
};
