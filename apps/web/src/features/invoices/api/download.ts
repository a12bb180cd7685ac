import { invoiceMessages } from '@autoparts/shared';

/** How a document's download ended: saved, or refused with the words to say why (`status` 0: the shop was not reached). */
export type DownloadOutcome = { ok: true } | { ok: false; status: number; message: string };

/**
 * Fetches a document of the API (an invoice, a credit note, a statement) with the session and
 * hands it to the browser to save as `fileName`. A plain link with `download` did the same but
 * said nothing when the answer was not the file: Chromium drops a 401 or 404 download silently.
 * A refusal comes back in the server's words (signed out, no such document, too many); a failure
 * of the shop or the connection in the documents' own.
 */
export async function downloadDocument(href: string, fileName: string): Promise<DownloadOutcome> {
  let response: Response;
  try {
    response = await fetch(href, { credentials: 'same-origin' });
  } catch {
    return { ok: false, status: 0, message: invoiceMessages.downloadFailed };
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => undefined);
    const said = typeof payload === 'object' && payload !== null && 'message' in payload && typeof payload.message === 'string' ? payload.message : undefined;
    return { ok: false, status: response.status, message: response.status < 500 && said ? said : invoiceMessages.downloadFailed };
  }
  const url = URL.createObjectURL(await response.blob());
  const save = document.createElement('a');
  save.href = url;
  save.download = fileName;
  save.hidden = true;
  document.body.append(save);
  save.click();
  save.remove();
  // The browser has taken the file by then; the object URL is let go after.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { ok: true };
}
