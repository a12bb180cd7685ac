import { Readable } from 'node:stream';
import { isCatalogueWarning, type CatalogueImportCounts, type CatalogueImportOnProblems, type CatalogueProblem } from '@autoparts/shared';
import type { FastifyInstance } from 'fastify';
import { SaxesParser } from 'saxes';
import type { ImportContext, Importer } from '../importer';

/** A made-up PIES 7.2 file around `items` (each an `<Item>…</Item>`), one element a line. */
export const piesFile = (...items: string[]) =>
  ['<?xml version="1.0" encoding="UTF-8"?>', '<PIES xmlns="http://www.autocare.org">', '<Header><PIESVersion>7.2</PIESVersion><SubmissionType>FULL</SubmissionType></Header>', '<Items>', ...items, '</Items>', `<Trailer><ItemCount>${items.length}</ItemCount></Trailer>`, '</PIES>'].join('\n');

/** A made-up PIES Item: its number, name and list price, and any more elements (in PIES's order). */
export const piesItem = (partNumber: string, more: { name?: string; price?: string; before?: string; after?: string } = {}) =>
  [
    '<Item MaintenanceType="A">',
    more.before ?? '',
    `<PartNumber>${partNumber}</PartNumber>`,
    '<BrandAAIAID>BKPN</BrandAAIAID>',
    `<Descriptions><Description DescriptionCode="DES" LanguageCode="EN">${more.name ?? `Part ${partNumber}`}</Description></Descriptions>`,
    `<Prices><Pricing PriceType="LST"><CurrencyCode>USD</CurrencyCode><Price UOM="PE">${more.price ?? '10.00'}</Price></Pricing></Prices>`,
    more.after ?? '',
    '</Item>',
  ]
    .filter(Boolean)
    .join('\n');

/**
 * Runs `importer` on `text` in a transaction of `app`'s database as the import job does: committed
 * unless there are problems other than warnings and `onProblems` is `refuse`, or one ended the file.
 */
export async function runImport(app: FastifyInstance, importer: Importer, text: string, onProblems: CatalogueImportOnProblems = 'refuse', progress: ImportContext['progress'] = () => undefined) {
  const problems: CatalogueProblem[] = [];
  const counts: CatalogueImportCounts = { added: 0, changed: 0, deleted: 0, unchanged: 0, rejected: 0 };
  const refused = new Error('refused');
  let ended = false;
  await app.db
    .transaction()
    .execute(async (trx) => {
      await importer(Readable.from([Buffer.from(text)]), { trx, mode: 'apply', onProblems, fileName: 'test', fileSize: Buffer.byteLength(text), baseUrl: app.config.baseUrl, problem: (problem) => problems.push(problem), fatal: (problem) => ((ended = true), problems.push(problem)), progress, counts });
      if (ended || (problems.some(({ code }) => !isCatalogueWarning(code)) && onProblems === 'refuse')) throw refused;
    })
    .catch((error: unknown) => {
      if (error !== refused) throw error;
    });
  return { problems, counts };
}

/**
 * The names of the child elements of every element named `name` in `xml`, in the file's order: what
 * a schema's sequence is checked against (the PIES 7.2 and ACES 4.2 XSDs, decision 174).
 */
export function childrenOf(xml: string, name: string): string[][] {
  const found: string[][] = [];
  const open: Array<string[] | undefined> = [];
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => {
    open.at(-1)?.push(tag.name);
    const children = tag.name === name ? [] : undefined;
    if (children) found.push(children);
    open.push(children);
  });
  parser.on('closetag', () => open.pop());
  parser.write(xml).close();
  return found;
}
