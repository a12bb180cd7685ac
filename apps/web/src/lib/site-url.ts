/**
 * The shop's own address (BASE_URL), for the absolute URLs a page's head names (canonical,
 * Open Graph). The server's render sets where it reads it from (entry-server.tsx); in the
 * browser it is the page's own origin, which is BASE_URL's.
 */
let serverBase: (() => string | undefined) | undefined;

export function setSiteBase(base: () => string | undefined) {
  serverBase = base;
}

/** `path` (from `/`) as an absolute URL of the shop; an absolute URL as it is. */
export function absoluteUrl(path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const base = serverBase?.() ?? (typeof window === 'undefined' ? '' : window.location.origin);
  return `${base.replace(/\/+$/, '')}${path}`;
}
