import { catalogueDataMessages } from '@autoparts/shared';
import { useRef, useState, type MouseEvent, type SyntheticEvent } from 'react';
import { TextField } from '../../../components/text-field';
import { catalogueExportUrl, exportRefusal, partsCsvExportUrl } from '../api/catalogue-data';

const link = 'font-semibold text-brand-700 underline underline-offset-2';
const disabledLink = 'font-semibold text-slate-500';

/**
 * The catalogue as files to download: ACES applications and PIES products, whole or changed since
 * a day, and parts as CSV. A click first asks the server whether it would send the file (decision
 * 158): a refusal (two exports already being written, the session ended) is said under the links,
 * in words; otherwise the browser downloads it from the link, streamed to disk as it comes.
 */
export function CatalogueExports() {
  const [since, setSince] = useState('');
  // A day the browser cannot read (02/31/2026) leaves the value empty: the links would be the whole catalogue's.
  const [badInput, setBadInput] = useState(false);
  const read = (event: SyntheticEvent<HTMLInputElement>) => setBadInput(event.currentTarget.validity.badInput);
  const [refusal, setRefusal] = useState<string>();
  const [checking, setChecking] = useState(false);
  /** The link the server said it would send: its next click is the download itself. */
  const cleared = useRef<HTMLAnchorElement | null>(null);

  async function download(event: MouseEvent<HTMLAnchorElement>) {
    const anchor = event.currentTarget;
    const href = anchor.getAttribute('href');
    if (href === null) return;
    if (cleared.current === anchor) {
      cleared.current = null;
      return;
    }
    // A click with a modifier (a new tab, save as) is the browser's own.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (checking) return;
    setChecking(true);
    setRefusal(undefined);
    try {
      const why = await exportRefusal(href);
      if (why) {
        setRefusal(why);
        return;
      }
      cleared.current = anchor;
      anchor.click();
    } finally {
      setChecking(false);
    }
  }

  const exportLink = (href: string | undefined, name: string) => (
    <a href={href} download aria-disabled={href === undefined || undefined} aria-busy={checking || undefined} onClick={(event) => void download(event)} className={href === undefined ? disabledLink : link}>
      {name}
    </a>
  );

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
        <li>{exportLink(badInput ? undefined : catalogueExportUrl('aces', since), 'ACES 4.2 (applications)')}</li>
        <li>{exportLink(badInput ? undefined : catalogueExportUrl('pies', since), 'PIES 7.2 (products)')}</li>
        <li>{exportLink(partsCsvExportUrl, 'Parts (CSV)')}</li>
      </ul>
      <p role="alert" className="text-sm font-medium text-red-700 empty:hidden">
        {refusal}
      </p>
    </section>
  );
}
