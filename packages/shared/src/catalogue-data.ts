import { z } from 'zod';
import { queryWholeNumber } from './form-fields';

/**
 * Catalogue data in the trade's formats (issue 29): what an import is, what it reports. The API's
 * shapes (`POST|GET /api/admin/catalogue/imports…`) are fixed by the issue; other programs rely on them.
 */
export const catalogueImportKinds = ['vcdb', 'pcdb', 'aces', 'pies', 'parts-csv'] as const;
export type CatalogueImportKind = (typeof catalogueImportKinds)[number];

export const catalogueImportModes = ['dry-run', 'apply'] as const;
export type CatalogueImportMode = (typeof catalogueImportModes)[number];

/** `refuse`: one problem and nothing changes; `skip`: the rejected records are left out and listed. */
export const catalogueImportOnProblems = ['refuse', 'skip'] as const;
export type CatalogueImportOnProblems = (typeof catalogueImportOnProblems)[number];

export const catalogueImportStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type CatalogueImportStatus = (typeof catalogueImportStatuses)[number];

/**
 * What a running import is doing, which its progress counts (decision 147): reading the file (and,
 * for PIES, a parts CSV or a VCdb or PCdb table, writing it as it reads), checking what it read
 * against the catalogue (ACES), writing the changes (ACES's applications; PIES's life cycles,
 * replacements and kits; the reference rows a delivery no longer holds).
 */
export const catalogueImportPhases = ['reading', 'checking', 'writing'] as const;
export type CatalogueImportPhase = (typeof catalogueImportPhases)[number];

/** The problem codes the issue names; a reader may add its own beside them. */
export const catalogueProblemCodes = [
  'xml',
  'csv',
  'missing-column',
  'missing-field',
  'invalid-value',
  'unknown-base-vehicle',
  'unknown-submodel',
  'unknown-engine',
  'invalid-combination',
  'unknown-part-type',
  'unknown-position',
  'unknown-part',
  'duplicate',
  'overlap',
  'comment-conflict',
  'gtin-check-digit',
  'part-change',
  'unmapped-part-type',
  'not-applied',
  'former-number',
] as const;
export type CatalogueProblemCode = (typeof catalogueProblemCodes)[number];

/**
 * Problems that only warn: the record is imported all the same, and an import with no other
 * problem is applied even when it refuses problems. `not-applied`: a part of a record that changes
 * nothing, and says why (a PIES delete of a part the shop lacks, an ACES delete of an application
 * that is not live, a price yet to take effect).
 */
export const catalogueWarningCodes: readonly CatalogueProblemCode[] = ['unmapped-part-type', 'not-applied'];
export const isCatalogueWarning = (code: CatalogueProblemCode) => catalogueWarningCodes.includes(code);

export const catalogueProblemSchema = z.object({
  /** The line of the file the record starts on (1 is the first). */
  line: z.number().int(),
  /** What the record is called in its file: an App's `id`, an Item's PartNumber, a table row's key. */
  ref: z.string(),
  code: z.enum(catalogueProblemCodes),
  message: z.string(),
});
export type CatalogueProblem = z.infer<typeof catalogueProblemSchema>;

export const catalogueImportCountsSchema = z.object({
  added: z.number().int(),
  changed: z.number().int(),
  deleted: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.number().int(),
});
export type CatalogueImportCounts = z.infer<typeof catalogueImportCountsSchema>;

/** The largest file an import takes: a full VCdb delivery zipped, or a PIES or ACES file of a big catalogue. */
export const CATALOGUE_IMPORT_MAX_BYTES = 512 * 1024 * 1024;
/** The most a gzip upload (`aces.xml.gz`) may unpack to: a catalogue of some ten million applications. */
export const CATALOGUE_UNPACKED_MAX_BYTES = 4 * 1024 * 1024 * 1024;
/** How many problems an import's row keeps for the screen; problems.csv has more (CATALOGUE_PROBLEMS_LISTED). */
export const CATALOGUE_PROBLEMS_SHOWN = 1_000;
/**
 * How many problems of an import are stored, for problems.csv (decision 204): a spreadsheet's
 * worth, enough to see what is wrong with a file; `problemCount` counts them all, and the rest are
 * said in one line. A file of 300,000 empty Apps stored 900,000 rows without it.
 */
export const CATALOGUE_PROBLEMS_LISTED = 10_000;
/** How many problems of an import are neither stored nor in problems.csv: those after the first CATALOGUE_PROBLEMS_LISTED. */
export const catalogueProblemsNotListed = (problemCount: number) => Math.max(0, problemCount - CATALOGUE_PROBLEMS_LISTED);

/** One import as `GET /api/admin/catalogue/imports[/{id}]` answers. */
export const catalogueImportSchema = z.object({
  id: z.string(),
  kind: z.enum(catalogueImportKinds),
  mode: z.enum(catalogueImportModes),
  onProblems: z.enum(catalogueImportOnProblems),
  status: z.enum(catalogueImportStatuses),
  /** Whether its changes were kept: an apply with no problems, or with `skip`. */
  applied: z.boolean(),
  /**
   * Whether a problem ended the file or found it unusable as a whole (not XML, a file of another
   * kind, a zip of no table; decision 147, an addition): nothing of it is applied, skip or not.
   */
  fatal: z.boolean(),
  fileName: z.string(),
  fileSize: z.number().int(),
  /**
   * `total` is null while the reader does not know it. `phase` (decision 147, an addition): what
   * `done` and `total` count; null before the import says (queued, or just started: reading).
   * `bytesRead` (decision 154, an addition): the bytes of the uploaded file read so far, of
   * `fileSize` (a gzip's packed bytes); null before the import opens its file. While a PIES or ACES
   * file is read its records have no total: its bytes do.
   */
  progress: z.object({
    done: z.number().int(),
    total: z.number().int().nullable(),
    phase: z.enum(catalogueImportPhases).nullable(),
    bytesRead: z.number().int().nullable(),
  }),
  counts: catalogueImportCountsSchema,
  /** The first CATALOGUE_PROBLEMS_SHOWN problems, in `GET …/imports/{id}`; empty in the list. `problemCount` counts them all. */
  problems: z.array(catalogueProblemSchema),
  problemCount: z.number().int(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** The admin's e-mail. */
  by: z.string(),
  /** Why a failed import failed, in words. */
  error: z.string().nullable(),
});
export type CatalogueImport = z.infer<typeof catalogueImportSchema>;

/** The imports `GET /api/admin/catalogue/imports` lists at most at once, and without `limit`. */
export const CATALOGUE_IMPORTS_PAGE = 50;
export const CATALOGUE_IMPORTS_PAGE_MAX = 100;

/**
 * `GET /api/admin/catalogue/imports?before=&limit=`: both optional, so the list without them is the
 * latest CATALOGUE_IMPORTS_PAGE as before; `before` an import's id: the ones older than it (decision 115).
 */
export const catalogueImportsQuerySchema = z.object({
  before: z.uuid({ error: 'before: must be the id of an import.' }).optional(),
  limit: queryWholeNumber(z.number().int().min(1).max(CATALOGUE_IMPORTS_PAGE_MAX)).default(CATALOGUE_IMPORTS_PAGE),
});

export const catalogueImportKindLabels: Record<CatalogueImportKind, string> = {
  vcdb: 'VCdb (vehicles)',
  pcdb: 'PCdb (part types and positions)',
  aces: 'ACES (applications)',
  pies: 'PIES (products)',
  'parts-csv': 'Parts (CSV)',
};

export const catalogueDataMessages = {
  busy: 'Another import is queued or running. Wait until it has finished, then upload again.',
  noFile: 'Choose a file to upload.',
  fieldsFirst: 'Send kind, mode and onProblems before the file.',
  badKind: `Choose what the file holds: ${catalogueImportKinds.join(', ')}.`,
  badMode: 'Choose a dry run or apply.',
  badOnProblems: 'Choose what to do with problems: refuse or skip.',
  tooLarge: `The file is larger than ${CATALOGUE_IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  emptyFile: 'The file is empty.',
  badFileName: 'The file’s name holds a character that cannot be stored: rename the file and upload it again.',
  /** A cell of a table or CSV holding what PostgreSQL cannot keep as text. */
  unstorableCell: (column: string) => `${column} holds a NUL character, which cannot be stored: remove it from the file.`,
  badGzip: 'The file starts as a gzip file but is not a whole one; nothing of it was applied.',
  unpackedTooLarge: `The gzip file unpacks to more than ${CATALOGUE_UNPACKED_MAX_BYTES / 1024 / 1024 / 1024} GB; nothing of it was applied.`,
  zipUnpackedTooLarge: `The zip file unpacks to more than ${CATALOGUE_UNPACKED_MAX_BYTES / 1024 / 1024 / 1024} GB; nothing of it was applied.`,
  /** A VCdb or PCdb zip that cannot be read, and why (the zip library's reason, or one of the reasons below). */
  unreadableZip: (fileName: string, reason: string) => `${fileName} is not a zip that can be read: ${reason}.`,
  /**
   * The reason for a zip whose directory gives a file a size its packed bytes cannot unpack to
   * (as a size of 0xFFFFFFFF, ZIP64's marker, with no ZIP64 size beside it): refused before reading.
   */
  zipSizeBeyondData: (entry: string, packedBytes: number) =>
    `its directory says ${entry} unpacks to more than its ${packedBytes.toLocaleString('en-US')} packed bytes can hold`,
  notFound: 'Import not found',
  /** A PIES, CSV or ACES record naming a part by a number an admin corrected away in the part's catalogue page (decision 115). */
  formerNumber: (former: string, current: string) =>
    `${former} is a former number of part ${current} (corrected in its catalogue page): name the part ${current} in the file.`,
  /**
   * A file whose replacements close a circle, by themselves or with the shop's (decision 181): the
   * file ends there and nothing of it is applied, skip or not, since which link would be left out
   * hangs on the order of its items.
   */
  replacementCircle: (chain: readonly string[]) =>
    `The file's replacements go round in a circle: ${chain.join(' → ')}. Nothing of the file was applied: name one replacement for each part, leading to a part that is on sale.`,
  /** A part's name or a description of an import that is only spaces or zero-width characters. */
  invisibleText: (field: string) => `${field} shows no character (only spaces or zero-width characters): give it words a reader can see.`,
  /** The upload form's failure toast, before the API's message. */
  notUploaded: 'The file was not uploaded',
  /** What happened to an import's changes, in words (the report's status line). */
  outcome: {
    /** A failed import's `error`; the shop's own reasons already end with "nothing of it was applied." */
    failed: (error: string | null) => {
      const why = (error ?? 'The import stopped').trim();
      return /nothing of it was applied\.?$/i.test(why) ? `Failed: ${why}` : `Failed: ${why.replace(/\.$/, '')}. Nothing of it was applied.`;
    },
    queued: 'Waiting for its turn…',
    /** A running import's phase (`progress.phase`, decision 147); a dry run writes inside a transaction it rolls back. */
    phase: {
      reading: 'Reading the file…',
      checking: 'Checking the records against the catalogue…',
      writing: (mode: CatalogueImportMode) => (mode === 'apply' ? 'Writing the changes…' : 'Working out the changes (a dry run keeps none of them)…'),
    },
    applied: 'Applied.',
    appliedWithWarnings: 'Applied, with warnings.',
    appliedWithoutRejected: 'Applied, without the records that had problems.',
    dryRun: 'Dry run: nothing was changed. These are the changes an apply would make.',
    /** A file a problem ended or found unusable as a whole (`fatal`): its counts are not what an apply would do. */
    unusable: (mode: CatalogueImportMode) =>
      mode === 'apply' ? 'Refused: the file cannot be imported as it is (the problem below), so nothing was changed.' : 'Dry run: the file cannot be imported as it is (the problem below); an apply would change nothing.',
    refused: 'Refused: the file has problems, so nothing was changed.',
    /** A dry run refusing problems, of a file with rejected records: its counts are not what an apply does. */
    wouldBeRefused: (rejected: number, others: number) =>
      `An apply would be refused: ${rejected.toLocaleString('en-US')} ${rejected === 1 ? 'record has' : 'records have'} problems. ` +
      // Skipping them applies nothing when they are all there is: no advice to apply "the other 0 changes".
      (others === 0 ? 'Without them the file changes nothing.' : `Choose 'Skip what has problems' to apply the other ${others.toLocaleString('en-US')} ${others === 1 ? 'change' : 'changes'}.`),
  },
  /** An import's progress while its file is read and the total is not known yet: the records read so far. */
  recordsRead: (done: number) => `${done.toLocaleString('en-US')} ${done === 1 ? 'record' : 'records'} read`,
  /** The same, with how much of the file is read (its bytes, `progress.bytesRead` of `fileSize`): "35 % of the file, 692,000 records read". */
  fileRead: (percent: string, done: number) => `${percent} of the file${done > 0 ? `, ${done.toLocaleString('en-US')} ${done === 1 ? 'record' : 'records'} read` : ''}`,
  /** The count of a refused apply (or of a dry run an apply of which would be refused), as it did not happen. */
  wouldHaveBeen: { added: 'would have been added', changed: 'would have been changed', deleted: 'would have been deleted', unchanged: 'unchanged', rejected: 'rejected' },
  /** The report's summary for screen readers, beside its outcome. */
  problemSummary: (count: number) => (count === 0 ? 'No problems.' : `${count.toLocaleString('en-US')} ${count === 1 ? 'problem' : 'problems'}.`),
  /** The problems CSV's last line, and the report's beside its link, for an import of more problems than are stored (decision 204). */
  problemsNotListed: (count: number) =>
    `… and ${count.toLocaleString('en-US')} more ${count === 1 ? 'problem' : 'problems'} not listed: the first ${CATALOGUE_PROBLEMS_LISTED.toLocaleString('en-US')} are. Correct those and import the file again to see the rest.`,
  historyNote: `The latest ${CATALOGUE_IMPORTS_PAGE} imports, newest first.`,
  showOlder: 'Show older imports',
  /** Said to screen readers when older imports were added under the history. */
  olderShown: (count: number) => (count === 0 ? 'No older imports.' : `${count.toLocaleString('en-US')} older ${count === 1 ? 'import' : 'imports'} shown.`),
  noOlder: 'That is every import.',
  /** An import's status, in words. */
  status: { queued: 'Queued', running: 'Running', done: 'Done', failed: 'Failed' } satisfies Record<CatalogueImportStatus, string>,
  /** The 400 names the field first ("since: must be…"). */
  badSince: 'must be a date, YYYY-MM-DD.',
  /** The export form's "Changes since" holds what the browser cannot read as a day (02/31/2026). */
  notADate: 'Not a date',
  /** An export asked for while an instance writes as many as it writes at once (503, decision 134). */
  exportsBusy: 'Two catalogue exports are being written already: download this one when one of them has finished.',
  /** The export form's "Changes since" refused by the server (a day the form let through). */
  exportBadSince: 'Changes since must be a date, YYYY-MM-DD.',
  /** An export the server refused for a reason the screen has no words of its own for (a 500). */
  exportFailed: 'The export could not be started right now. Please try again.',
  interrupted: 'The import stopped before it finished (the shop was restarted); nothing of it was applied.',
  /**
   * An import whose problems could not be written to its instance's temporary disk (full, or a file
   * over the server's size limit; decision 214): ended, for its report would not hold them all.
   */
  problemsNotWritten:
    "The import stopped: the server's temporary disk had no room for its problems; nothing of it was applied. Ask the shop's operator to make room there, then import the file again.",
  /**
   * An import the database stopped twice for another change to the same parts (a deadlock with an
   * order or an admin's edit, decision 188): the first time it runs again by itself.
   */
  metAnotherChange: 'The import was stopped twice by other changes to the same parts made while it ran (orders, edits); nothing of it was applied. Import the file again.',
  /** A PIES or ACES upload whose first bytes are not XML's (a PNG, a CSV). */
  notXml: "This is not an XML file: a PIES or ACES file starts with <?xml or its root element. Choose what the file holds under 'The file holds'.",
  /** A PIES or ACES upload whose root element is not the kind's: a PIES file sent as ACES would have read as an ACES FULL file of no App. */
  wrongRoot: (expected: 'ACES' | 'PIES', found: string) =>
    found === 'ACES' || found === 'PIES'
      ? `This is a ${found} file, not ${expected}: choose ${found} under 'The file holds'.`
      : `This is not a ${expected} file: its root element is <${found.slice(0, 100)}>, not <${expected}>.`,
} as const;

/** `GET /api/admin/catalogue/exports/{aces|pies}?since=YYYY-MM-DD`: no `since`, the FULL file. */
export const catalogueExportQuerySchema = z.object({
  since: z
    .string()
    .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, catalogueDataMessages.badSince)
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), catalogueDataMessages.badSince)
    .optional(),
});

/** The most part types `GET|PUT /api/admin/catalogue/part-type-categories` lists or takes at once. */
export const PART_TYPE_CATEGORIES_MAX = 1_000;

/**
 * A PCdb part type and the shop category a new part of that type goes to (decision 084); `category`
 * null: none mapped, and a new part of the type is added without a category. `parts` counts the
 * shop's parts of the type.
 */
export const partTypeCategorySchema = z.object({
  partTypeId: z.number().int(),
  name: z.string(),
  category: z.string().nullable(),
  parts: z.number().int(),
});
export type PartTypeCategory = z.infer<typeof partTypeCategorySchema>;

export const partTypeCategoryMessages = {
  tooMany: `At most ${PART_TYPE_CATEGORIES_MAX} part types at once.`,
  badPartType: 'A part type is a PCdb PartTerminologyID, a whole number.',
  unknownPartType: (id: number) => `Part type ${id} is not in the PCdb.`,
  unknownCategory: (slug: string) => `There is no category "${slug}".`,
  twice: (id: number) => `Part type ${id} is listed twice.`,
  saved: 'Part type categories saved.',
  notSaved: 'The part type categories were not saved',
} as const;

/** `PUT /api/admin/catalogue/part-type-categories`: the part types listed are mapped (category null: unmapped); the others stay as they are. */
export const partTypeCategoriesInputSchema = z.object({
  mappings: z
    .array(
      z.object({
        partTypeId: z.number({ error: partTypeCategoryMessages.badPartType }).int({ error: partTypeCategoryMessages.badPartType }).min(1, { error: partTypeCategoryMessages.badPartType }).max(999_999_999, { error: partTypeCategoryMessages.badPartType }),
        category: z.string().trim().min(1).max(40).nullable(),
      }),
    )
    .max(PART_TYPE_CATEGORIES_MAX, { error: partTypeCategoryMessages.tooMany })
    .superRefine((rows, context) => {
      const seen = new Set<number>();
      for (const [index, row] of rows.entries()) {
        if (seen.has(row.partTypeId)) context.addIssue({ code: 'custom', path: [index, 'partTypeId'], message: partTypeCategoryMessages.twice(row.partTypeId) });
        seen.add(row.partTypeId);
      }
    }),
});
export type PartTypeCategoriesInput = z.infer<typeof partTypeCategoriesInputSchema>;
