import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type MouseEvent } from 'react';
import { meQuery } from '../../../lib/me';
import { downloadDocument } from '../api/download';

/**
 * A link that downloads a document of the API and, when it cannot, says why beside it (a live
 * region, so a screen reader hears it; the focus stays on the link to try again). Signed out
 * meanwhile (the session ended in another tab): asking who is signed in sends the page's guard to
 * /login, which brings the customer back here. A click with a modifier (a new tab, save as) is
 * the browser's, as is the link without script.
 */
export function DownloadLink({ href, fileName, className, label, children }: { href: string; fileName: string; className: string; label: string; children: string }) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const underWay = useRef(false);

  async function download(event: MouseEvent<HTMLAnchorElement>) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (underWay.current) return;
    underWay.current = true;
    setFailure(null);
    try {
      const outcome = await downloadDocument(href, fileName);
      if (!outcome.ok) {
        setFailure(outcome.message);
        if (outcome.status === 401) await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      }
    } finally {
      underWay.current = false;
    }
  }

  return (
    <span className="inline-flex flex-col items-start">
      <a className={className} href={href} download={fileName} aria-label={label} onClick={(event) => void download(event)}>
        {children}
      </a>
      <span role="alert">{failure && <span className="mt-1 block text-sm font-medium text-red-700">{failure}</span>}</span>
    </span>
  );
}
