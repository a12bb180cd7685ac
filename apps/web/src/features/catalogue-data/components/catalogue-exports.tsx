import { catalogueDataMessages } from '@autoparts/shared';
import { useState, type SyntheticEvent } from 'react';
import { TextField } from '../../../components/text-field';
import { catalogueExportUrl } from '../api/catalogue-data';

const link = 'font-semibold text-brand-700 underline underline-offset-2';
const disabledLink = 'font-semibold text-slate-500';

/** The catalogue as files to download: ACES applications and PIES products, whole or changed since a day, and parts as CSV. */
export function CatalogueExports() {
  const [since, setSince] = useState('');
  // A day the browser cannot read (02/31/2026) leaves the value empty: the links would be the whole catalogue's.
  const [badInput, setBadInput] = useState(false);
  const read = (event: SyntheticEvent<HTMLInputElement>) => setBadInput(event.currentTarget.validity.badInput);
  return (
    <section aria-labelledby="catalogue-exports" className="grid gap-3">
      <h2 id="catalogue-exports" className="text-xl font-bold text-ink">
        Exports
      </h2>
      <TextField
        label="Changes since"
        hint="Leave empty for the whole catalogue; with a day, the ACES and PIES files list only what changed since then, deletions included."
        type="date"
        value={since}
        error={badInput ? catalogueDataMessages.notADate : undefined}
        onChange={(event) => {
          setSince(event.target.value);
          read(event);
        }}
        // A date input fires no change while what is typed is not a day: its validity is read as keys go up and on leaving.
        onKeyUp={read}
        onBlur={read}
        className="max-w-xs"
      />
      <ul className="flex flex-wrap gap-x-6 gap-y-2">
        <li>
          <a href={badInput ? undefined : catalogueExportUrl('aces', since)} download aria-disabled={badInput || undefined} className={badInput ? disabledLink : link}>
            ACES 4.2 (applications)
          </a>
        </li>
        <li>
          <a href={badInput ? undefined : catalogueExportUrl('pies', since)} download aria-disabled={badInput || undefined} className={badInput ? disabledLink : link}>
            PIES 7.2 (products)
          </a>
        </li>
        <li>
          <a href="/api/admin/catalogue/exports/parts.csv" download className={link}>
            Parts (CSV)
          </a>
        </li>
      </ul>
    </section>
  );
}
