import { useState } from 'react';
import { TextField } from '../../../components/text-field';
import { catalogueExportUrl } from '../api/catalogue-data';

const link = 'font-semibold text-brand-700 underline underline-offset-2';

/** The catalogue as files to download: ACES applications and PIES products, whole or changed since a day, and parts as CSV. */
export function CatalogueExports() {
  const [since, setSince] = useState('');
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
        onChange={(event) => setSince(event.target.value)}
        className="max-w-xs"
      />
      <ul className="flex flex-wrap gap-x-6 gap-y-2">
        <li>
          <a href={catalogueExportUrl('aces', since)} download className={link}>
            ACES 4.2 (applications)
          </a>
        </li>
        <li>
          <a href={catalogueExportUrl('pies', since)} download className={link}>
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
