import { z } from 'zod';

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
] as const;
export type CatalogueProblemCode = (typeof catalogueProblemCodes)[number];

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

/** `GET /api/admin/catalogue/exports/{aces|pies}?since=YYYY-MM-DD`: no `since`, the FULL file. */
export const catalogueExportQuerySchema = z.object({
  since: z
    .string()
    .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, 'since must be a date, YYYY-MM-DD.')
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), 'since must be a date, YYYY-MM-DD.')
    .optional(),
});
