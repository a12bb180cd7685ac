import fs from 'node:fs';
import path from 'node:path';
import { apiErrors, requestNotValid } from '@autoparts/shared';
import { rawReplyHeaders } from '../apps/api/src/plugins/security-headers';
import { pageTitle } from '../apps/web/src/content/site';

/**
 * The replies nginx makes itself, in the shop's words (decision 193): a request it cannot read
 * (400), a body over its `client_max_body_size` (413), an address (414) or headers (431) over its
 * buffers, and no instance answering (502, 504). Each is a `{ message }` JSON under `/api/` and a
 * page elsewhere, from the messages the shop's own replies say; deploy/nginx-replies.conf sends them.
 */
export const PROXY_REPLIES = {
  400: requestNotValid,
  413: apiErrors.bodyTooLarge,
  414: apiErrors.badUrl,
  431: apiErrors.headersTooLarge,
  502: apiErrors.shopUnreachable,
} as const;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A page of its own: no script, no file of a build that may be gone, styled inline (the CSP allows it). */
function page(message: string): string {
  const words = escapeHtml(message);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(pageTitle(message))}</title>
</head>
<body style="margin:0;font-family:system-ui,sans-serif;color:#0f172a;background:#fff">
<main style="max-width:40rem;margin:0 auto;padding:4rem 1rem;text-align:center">
<h1 style="font-size:1.75rem;line-height:1.3">${words}</h1>
<p style="margin-top:2rem"><a href="/" style="color:#1d4ed8;font-weight:600">Back to home</a></p>
</main>
</body>
</html>
`;
}

/**
 * Writes every reply of PROXY_REPLIES into `dir` as `<status>.json` and `<status>.html`, and
 * `headers.conf`: the headers every reply of the shop carries, as nginx `add_header … always` lines.
 */
export function writeProxyReplies(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  for (const [status, message] of Object.entries(PROXY_REPLIES)) {
    fs.writeFileSync(path.join(dir, `${status}.json`), JSON.stringify({ message }));
    fs.writeFileSync(path.join(dir, `${status}.html`), page(message));
  }
  const headers = Object.entries(rawReplyHeaders()).map(([name, value]) => {
    if (/["\\$\n]/.test(value)) throw new Error(`the ${name} header cannot be written in nginx's configuration: ${value}`);
    return `add_header ${name} "${value}" always;`;
  });
  fs.writeFileSync(
    path.join(dir, 'headers.conf'),
    `# Written by deploy/proxy-replies.ts (npm run proxy-replies): the shop's headers on nginx's own replies.\n${headers.join('\n')}\n`,
  );
}

if (process.argv[1] === import.meta.filename) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: npm run proxy-replies -- <directory>   (e.g. /opt/autoparts/proxy-replies)');
    process.exit(1);
  }
  writeProxyReplies(path.resolve(dir));
  console.log(`nginx's own replies written to ${path.resolve(dir)}`);
}
