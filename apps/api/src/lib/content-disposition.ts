import { create } from 'content-disposition';

/**
 * The `Content-Disposition` of a download named `fileName` (RFC 6266), written by the
 * `content-disposition` package (quoting, and `filename*=UTF-8''…` per RFC 8187 when the ASCII name
 * is not the name itself, which browsers prefer). The ASCII stand-in in `filename` is the shop's
 * choice, handed to the package: letters with accents lose them (NFKD, marks dropped), anything
 * else not a letter, digit, space, `.`, `-`, `_`, `(` or `)` becomes `_`, so no quote, backslash,
 * semicolon or line break reaches a client that reads only `filename` (the package's own stand-in
 * would write "Zo?" for "Zoë").
 */
export function attachment(name: string): string {
  // A lone surrogate (JSON can carry one) has no UTF-8: U+FFFD in its place.
  const fileName = name.toWellFormed();
  const fallback = fileName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9 ._()-]/g, '_');
  return create(fileName, { fallback });
}
