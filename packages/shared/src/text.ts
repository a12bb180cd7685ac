/**
 * Text as a reader sees it: compatibility forms folded (a full-width "．" is a "."; NFKC) and the
 * invisible format characters removed (zero-width spaces and joiners, bidi overrides: Unicode's
 * `Cf`). What a rule about visible words checks, and what is stored, so that "evil\u200b.com"
 * is "evil.com" to the rule as it is to the eye, and a name of zero-width spaces is empty.
 */
export const visibleText = (text: string) => text.normalize('NFKC').replace(/\p{Cf}/gu, '');
