/**
 * The `Content-Disposition` of a download named `fileName` (RFC 6266): `filename` is an ASCII
 * stand-in every client reads — letters with accents lose them (NFKD, marks dropped), anything
 * else not a letter, digit, space, `.`, `-`, `_`, `(` or `)` becomes `_`, so no quote, backslash,
 * semicolon or line break reaches the header — and, when that is not the name itself,
 * `filename*=UTF-8''…` (RFC 5987/8187) carries the exact name, which browsers prefer.
 *
 * Written here, not by the `content-disposition` package: the shop does not depend on it (it is
 * in node_modules only as a development tool's dependency), and these lines are the whole rule.
 */
export function attachment(name: string): string {
  // A lone surrogate (JSON can carry one) has no UTF-8: U+FFFD in its place.
  const fileName = name.toWellFormed();
  const fallback = fileName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9 ._()-]/g, '_');
  if (fallback === fileName) return `attachment; filename="${fallback}"`;
  return `attachment; filename="${fallback}"; filename*=UTF-8''${rfc5987(fileName)}`;
}

/** `value` as an RFC 5987 ext-value's characters: UTF-8, percent-encoded beyond attr-char. */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}
