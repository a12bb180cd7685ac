/**
 * Text as a reader sees it: compatibility forms folded (a full-width "．" is a "."; NFKC) and the
 * invisible format characters removed (zero-width spaces and joiners, bidi overrides: Unicode's
 * `Cf`). What a rule about visible words checks, and what is stored, so that "evil\u200b.com"
 * is "evil.com" to the rule as it is to the eye, and a name of zero-width spaces is empty.
 */
export const visibleText = (text: string) => text.normalize('NFKC').replace(/\p{Cf}/gu, '');

/**
 * What takes no room on a screen: white space and the characters ignorable by default (zero-width
 * spaces and joiners, direction marks, the byte-order mark, soft hyphens, variation selectors).
 */
const INVISIBLE = /[\p{White_Space}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * The embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): with them a
 * customer's text reads differently to the admin or buyer who sees it ("Trojan source"). The
 * left-to-right and right-to-left marks (U+200E, U+200F), which real right-to-left writing uses,
 * are not among them (decision 216).
 */
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

/** Whether `text` holds no text-direction control (`DIRECTION_CONTROL`). */
export const hasNoDirectionControl = (text: string) => !DIRECTION_CONTROL.test(text);

/** Whether `text` has a character a reader can see: "\u200b\u200b" has none, though `trim()` keeps it. */
export function hasVisibleText(text: string): boolean {
  return text.replace(INVISIBLE, '') !== '';
}

/**
 * Items in a sentence, as the shop's words write them: "A", "A and B", "A, B and C". Written out
 * rather than with `Intl.ListFormat` for the reason `groupedNumber` is, and without its comma
 * before "and".
 */
export function listInWords(items: readonly string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}` : (items[0] ?? '');
}

/**
 * A whole number with a comma every three digits, as en-US writes it: "10,000". Written out rather
 * than with `toLocaleString`: a page's first `Intl` formatter loads the locale's data on the main
 * thread (money.ts), and a message built when its module is evaluated would make every page that
 * loads it pay for that (decision 209).
 */
export function groupedNumber(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+$)/g, ',');
}
