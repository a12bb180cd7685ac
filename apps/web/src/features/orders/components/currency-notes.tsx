import { currencyNotes } from '@autoparts/shared';

/**
 * Under an order's figures (checkout, the order's details): the currency, and for a ship-to
 * outside the US that duties and local taxes may be due on delivery (issue 34.13).
 */
export function CurrencyNotes({ shipToCountry }: { shipToCountry: string | null | undefined }) {
  return (
    <div className="space-y-1 text-xs text-slate-600">
      {currencyNotes(shipToCountry).map((note) => (
        <p key={note}>{note}</p>
      ))}
    </div>
  );
}
