import type { Readable } from 'node:stream';
import type { CatalogueImportCounts, CatalogueImportMode, CatalogueImportPhase, CatalogueImportOnProblems, CatalogueProblem } from '@autoparts/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * What the import job hands a reader of one kind (VCdb, PCdb, ACES, PIES, parts CSV). The job owns
 * the transaction: it commits when the mode is `apply` and the problems allow it (none but warnings,
 * or `skip`), and rolls back otherwise, so an importer only reads its stream and writes through `trx`. A stop
 * mid-import rolls the transaction back with the process: nothing is ever half applied.
 */
export interface ImportContext {
  trx: Transaction<Database>;
  mode: CatalogueImportMode;
  onProblems: CatalogueImportOnProblems;
  /** The uploaded file's name as sent (a zip's entries are told apart by their own names). */
  fileName: string;
  /** The uploaded file's size in bytes. */
  fileSize: number;
  /** The shop's own address (`BASE_URL`): a photo's URI under it is kept as the shop's path, as the PIES export writes it absolute. */
  baseUrl?: string;
  /** Records a problem; with `skip` the importer leaves that record out and goes on. A warning (`isCatalogueWarning`) leaves nothing out. */
  problem(problem: CatalogueProblem): void;
  /**
   * Records the problem that ends the file (malformed XML, a CSV that cannot be read on): the
   * importer stops, and nothing of the file is applied, `skip` or not, since what follows the
   * problem was never read.
   */
  fatal(problem: CatalogueProblem): void;
  /**
   * How far the importer is, in its own records; `total` when it knows it; `phase` what they count
   * (decision 147): a new phase starts its own count, its total unknown unless given. Cheap to call often.
   */
  progress(done: number, total?: number, phase?: CatalogueImportPhase): void;
  /** Added to as records are written. */
  counts: CatalogueImportCounts;
}

/** Reads `input` (the uploaded file's bytes, streamed) and writes what it holds through `context.trx`. */
export type Importer = (input: Readable, context: ImportContext) => Promise<void>;
