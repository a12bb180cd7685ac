import { centsToDecimalText, ledgerKindLabels } from '@autoparts/shared';
import { stringify } from 'csv-stringify/sync';
import { csvWriteOptions } from '../../lib/csv-cell';
import type { Statement } from './repository';

export const STATEMENT_CSV_COLUMNS = ['Date', 'Document', 'PO number', 'Due date', 'Description', 'Debit', 'Credit', 'Balance'] as const;

/**
 * A company's monthly statement as CSV, for an accounts team's books (decision 223): the same
 * `Statement` the PDF draws. The opening balance first, one row per entry (an invoice's with its
 * PO number and due date; an invoice in Debit, a payment or credit note in Credit, the balance
 * after it), then the closing balance. Days as YYYY-MM-DD, amounts as plain decimals
 * (`centsToDecimalText`), every cell through the shop's one CSV writer (`csvWriteOptions`).
 */
export function renderStatementCsv(statement: Statement): string {
  const firstDay = `${statement.month}-01`;
  return stringify(
    [
      [...STATEMENT_CSV_COLUMNS],
      [firstDay, '', '', '', 'Opening balance', '', '', centsToDecimalText(statement.openingCents)],
      ...statement.entries.map((entry) => [
        entry.at.toISOString().slice(0, 10),
        entry.number,
        entry.poNumber ?? '',
        entry.dueOn ?? '',
        ledgerKindLabels[entry.kind],
        entry.amountCents > 0 ? centsToDecimalText(entry.amountCents) : '',
        entry.amountCents < 0 ? centsToDecimalText(-entry.amountCents) : '',
        centsToDecimalText(entry.balanceCents),
      ]),
      [statement.asOf, '', '', '', 'Closing balance', '', '', centsToDecimalText(statement.closingCents)],
    ],
    csvWriteOptions,
  );
}
