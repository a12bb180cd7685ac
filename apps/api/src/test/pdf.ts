import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** pdf.js's own metrics of the 14 standard fonts, which the shop's documents use. */
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The text of a PDF as a reader's copy-and-paste gives it: each page's runs joined by spaces. */
export async function pdfText(bytes: Uint8Array | Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, standardFontDataUrl, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages.join('\n').replace(/\s+/g, ' ');
}

/** A run of text as drawn: its page (from 1), where it starts (`x`, baseline `y`) and how wide it is, in points. */
export interface PdfRun {
  page: number;
  str: string;
  x: number;
  y: number;
  width: number;
}

/** Every run of text of a PDF with where it is drawn. */
export async function pdfRuns(bytes: Uint8Array | Buffer): Promise<PdfRun[]> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, standardFontDataUrl, isEvalSupported: false }).promise;
  const runs: PdfRun[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    for (const item of content.items) {
      if ('str' in item && item.str.trim()) runs.push({ page: number, str: item.str, x: item.transform[4] as number, y: item.transform[5] as number, width: item.width });
    }
  }
  await document.destroy();
  return runs;
}

/**
 * What is drawn where it should not be: a run past the page's side margins (`left`, `right`), or
 * two runs on one baseline whose extents cross. Empty for a page laid out right. pdf.js measures
 * the standard fonts with metrics of its own, up to 3 % wider than the ones the shop lays out with:
 * a run may end that much past where it was placed.
 */
export function misplacedRuns(runs: readonly PdfRun[], margins: { left: number; right: number }): string[] {
  const end = (run: PdfRun) => run.x + run.width - (1 + run.width * 0.03);
  const problems: string[] = [];
  for (const run of runs) {
    if (run.x < margins.left - 1 || end(run) > margins.right) problems.push(`"${run.str}" outside the margins`);
  }
  runs.forEach((run, index) => {
    for (const other of runs.slice(index + 1)) {
      if (other.page !== run.page || Math.abs(other.y - run.y) > 1) continue;
      if (run.x < end(other) && other.x < end(run)) problems.push(`"${run.str}" over "${other.str}"`);
    }
  });
  return problems;
}
