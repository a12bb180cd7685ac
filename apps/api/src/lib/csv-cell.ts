/**
 * The one way the shop writes a CSV cell a spreadsheet opens (the parts CSV, the fitment CSV, an
 * import's problems), and reads one of its own back (decision 216).
 *
 * A cell starting with = + - @, a tab or a return (or a full-width = + - @) is a formula to a
 * spreadsheet (OWASP's CSV injection list), so it gets a leading `'`, which makes it text. A
 * spreadsheet in a semicolon locale (most of Europe) splits a comma CSV's line at each `;` as well,
 * so each part of a cell after a `;` is treated the same way, and a cell holding `;` is quoted.
 * Spaces before the character count for nothing: a spreadsheet told to trim them (LibreOffice's
 * "Trim spaces") reads `Pad; =SUM(A1)`'s second part as a formula too.
 * A part that already starts with `'` before such a character gets one more, so that reading it
 * back (one `'` taken off) gives exactly what was written.
 * A part that is a negative number and nothing else (a statement's credit balance, `-15.00`;
 * decision 223) is a number to a spreadsheet, not a formula, and is written as it is: with a `'`
 * a spreadsheet would read it as text, and an accounts team's sum would leave it out.
 */
const NEEDS_QUOTE_MARK = /^'* *[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const QUOTE_MARKED = /^'+ *[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const NEGATIVE_NUMBER = /^-\d+(?:\.\d+)?$/;

/** A cell's text as written: no part of it (the whole, or after a `;`) starts as a formula. */
export const csvCellText = (cell: string) =>
  cell
    .split(';')
    .map((part) => (NEEDS_QUOTE_MARK.test(part) && !NEGATIVE_NUMBER.test(part) ? `'${part}` : part))
    .join(';');

/** A cell of a CSV the shop wrote, as it was before `csvCellText`. */
export const readCsvCellText = (cell: string) =>
  cell
    .split(';')
    .map((part) => (QUOTE_MARKED.test(part) ? part.slice(1) : part))
    .join(';');

/** csv-stringify's options for every CSV the shop writes: its text cells through `csvCellText`, a cell holding `;` quoted. */
export const csvWriteOptions = { cast: { string: csvCellText }, quoted_match: ';' } as const;
