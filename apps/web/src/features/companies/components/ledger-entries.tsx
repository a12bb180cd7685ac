import { accountMessages, formatDay, formatPrice, LEDGER_SHOWN, ledgerKindLabels, type LedgerEntry } from '@autoparts/shared';
import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';


/**
 * The company's ledger entries, newest first, LEDGER_SHOWN at a time (decision 133): a company
 * ordering every day has thousands, and drawing them all made the Company page slow on a phone.
 * "Show older" adds the next ones and hands the focus to the first of them.
 */
export function LedgerEntries({ entries }: { entries: readonly LedgerEntry[] }) {
  const [shown, setShown] = useState(LEDGER_SHOWN);
  // The index of the first entry the last "Show older" added: it takes the focus.
  const [added, setAdded] = useState<number | null>(null);
  const firstAdded = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (added !== null) firstAdded.current?.focus();
  }, [added]);

  const newest = [...entries].reverse();
  const more = Math.min(LEDGER_SHOWN, newest.length - shown);
  // The reply is a page (the newest LEDGER_PAGE_MAX, decision 138): the newest entry's place is how many there are.
  const total = newest[0]?.position ?? 0;
  const showing = Math.min(shown, newest.length);
  return (
    <>
      <LedgerList>
        {newest.slice(0, shown).map((entry, index) => (
          <LedgerEntryRow
            key={`${entry.at}-${entry.number}-${index}`}
            entry={entry}
            ref={index === added ? firstAdded : undefined}
            tabIndex={index === added ? -1 : undefined}
          />
        ))}
      </LedgerList>
      {showing < total && (
        <div className="grid justify-items-start gap-2">
          <p className="text-sm text-slate-600">{accountMessages.ledgerShowing(showing, total)}</p>
          {more > 0 && (
            <button
              type="button"
              onClick={() => {
                setAdded(shown);
                setShown(shown + LEDGER_SHOWN);
              }}
              className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-ink hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              {accountMessages.ledgerShowOlder(more)}
            </button>
          )}
        </div>
      )}
    </>
  );
}

/**
 * The list of ledger entries, newest first, that `LedgerEntryRow`s go in. Its rows lay out by the
 * list's own width (a container query), not the window's: in the admin's company account, a card
 * beside the sidebar, the window's `sm` left the entry's number a column too narrow and broke it
 * over two lines ("Invoice INV-" / "000024") from 640 px up to a desktop's width (decision 146).
 */
export function LedgerList({ children }: { children: ReactNode }) {
  return (
    <ul className="@container grid gap-2" aria-label="Ledger entries, newest first">
      {children}
    </ul>
  );
}

/**
 * One ledger entry as a list item: its day, kind and number, amount and the balance after it. The
 * Company page's ledger and the admin's view of a company's account draw it (decision 138), in a
 * `LedgerList`: on one line once the list is 42 rem wide, else the day and the number over the
 * amount and the balance.
 */
export function LedgerEntryRow({ entry, ref, tabIndex }: { entry: LedgerEntry; ref?: Ref<HTMLLIElement> | undefined; tabIndex?: number | undefined }) {
  return (
    <li
      ref={ref}
      tabIndex={tabIndex}
      className="grid grid-cols-[1fr_auto] gap-x-4 rounded-xl border border-slate-200 bg-white p-3 text-sm outline-brand-700 @2xl:grid-cols-[8rem_1fr_8rem_9rem]"
    >
      <span className="text-slate-600">{formatDay(entry.at)}</span>
      <span className="col-start-1 min-w-0 break-words text-ink @2xl:col-start-2 @2xl:row-start-1">
        {ledgerKindLabels[entry.kind]} {entry.number}
      </span>
      <span className="col-start-2 row-start-1 text-right font-semibold text-ink @2xl:col-start-3">{formatPrice(entry.amount)}</span>
      <span className="col-start-2 text-right text-slate-600 @2xl:col-start-4 @2xl:row-start-1">Balance {formatPrice(entry.balance)}</span>
    </li>
  );
}
