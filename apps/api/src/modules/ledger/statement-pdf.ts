import { AGEING_BUCKETS, ageingLabels, formatStatementMonth, ledgerKindLabels } from '@autoparts/shared';
import type { Config } from '../../env';
import { day, money, PAGE, RIGHT, startDocument } from '../invoices/pdf';
import type { Statement } from './repository';

const COLUMNS = { date: PAGE.margin, kind: 130, number: 230, amount: 460, balance: RIGHT };

/**
 * A company's monthly statement as a PDF, drawn with the invoices' pen (pdf-lib, decision 056):
 * the opening balance, each invoice, payment and credit note of the month with the balance after
 * it (an invoice's with its PO number and due date, decision 223), the closing balance, and the
 * closing balance aged by days past due (decision 081).
 */
export async function renderStatement(config: Pick<Config, 'seller'> & { mail: Pick<Config['mail'], 'replyTo'> }, statement: Statement): Promise<Uint8Array> {
  const month = formatStatementMonth(statement.month);
  const title = `Statement ${month}`;
  const { pen } = await startDocument(`${title} ${statement.company.name}`, config.seller.name, new Date(`${statement.asOf}T00:00:00Z`));
  pen.text(config.seller.name, PAGE.margin, { size: 16, font: pen.bold });
  pen.text('STATEMENT', RIGHT, { size: 16, font: pen.bold, alignRight: true });
  pen.y -= 18;
  pen.wrapped(config.seller.address, PAGE.margin, 260, 9);
  pen.y -= 8;
  pen.label('Account', PAGE.margin);
  pen.text(`Month: ${month}`, RIGHT, { size: 9, alignRight: true });
  pen.y -= 13;
  pen.text(`As of: ${day(statement.asOf)}`, RIGHT, { size: 9, alignRight: true });
  // A company's name has up to 120 characters: it wraps clear of the dates on the right.
  pen.wrapped(statement.company.name, PAGE.margin, COLUMNS.amount - PAGE.margin);
  if (statement.company.taxId) pen.wrapped(`Tax ID: ${statement.company.taxId}`, PAGE.margin, COLUMNS.amount - PAGE.margin, 9);
  pen.y -= 12;

  // The column heads, again at the top of each page the entries run on to.
  pen.startTable([
    ['Date', COLUMNS.date],
    ['Entry', COLUMNS.kind],
    ['Number', COLUMNS.number],
    ['Amount', COLUMNS.amount, true],
    ['Balance', COLUMNS.balance, true],
  ]);
  pen.text('Opening balance', COLUMNS.kind, { font: pen.bold });
  pen.text(money(statement.openingCents), COLUMNS.balance, { font: pen.bold, alignRight: true });
  pen.y -= 16;
  for (const entry of statement.entries) {
    // A payment's reference (up to 80 characters) wraps in its column, as an invoice's lines do. An
    // invoice's number is followed by its PO number (up to 50) and due date, each on a line of its
    // own: the ageing below is checked against them (decision 223).
    const named = [entry.number, ...(entry.poNumber ? [`PO ${entry.poNumber}`] : []), ...(entry.dueOn ? [`Due ${day(entry.dueOn)}`] : [])];
    pen.row([
      { value: day(entry.at), x: COLUMNS.date, width: COLUMNS.kind - COLUMNS.date - 10 },
      { value: ledgerKindLabels[entry.kind], x: COLUMNS.kind, width: COLUMNS.number - COLUMNS.kind - 10 },
      { value: named, x: COLUMNS.number, width: COLUMNS.amount - COLUMNS.number - 90 },
      { value: money(entry.amountCents), x: COLUMNS.amount, width: 80, alignRight: true },
      { value: money(entry.balanceCents), x: COLUMNS.balance, width: 80, alignRight: true },
    ]);
  }
  pen.tableHeads = null;
  if (statement.entries.length === 0) {
    pen.text('No invoices, payments or credit notes this month.', COLUMNS.kind, { size: 9 });
    pen.y -= 16;
  }
  pen.newPageIfBelow(120);
  pen.rule(pen.y + 8);
  pen.y -= 6;
  pen.text('Closing balance', COLUMNS.kind, { font: pen.bold });
  pen.text(money(statement.closingCents), COLUMNS.balance, { font: pen.bold, alignRight: true });
  pen.y -= 30;

  pen.label('Closing balance by days past due', PAGE.margin);
  pen.y -= 14;
  const width = (RIGHT - PAGE.margin) / AGEING_BUCKETS.length;
  AGEING_BUCKETS.forEach((bucket, index) => pen.label(ageingLabels[bucket], PAGE.margin + width * (index + 1) - 4, true));
  pen.y -= 14;
  AGEING_BUCKETS.forEach((bucket, index) => pen.text(money(statement.aged[bucket]), PAGE.margin + width * (index + 1) - 4, { alignRight: true }));
  pen.y -= 30;
  // Questions go where the shop's messages say replies go (MAIL_REPLY_TO); without it the sender
  // is a no-reply address, and the statement invites no reply (decision 114).
  const questions = config.mail.replyTo ? ` Questions about this statement: write to ${config.mail.replyTo}.` : '';
  pen.wrapped(
    `Amounts are in US dollars; a positive balance is owed to ${config.seller.name}, a negative one is a credit.${questions}`,
    PAGE.margin,
    RIGHT - PAGE.margin,
    8,
  );
  return pen.save();
}
