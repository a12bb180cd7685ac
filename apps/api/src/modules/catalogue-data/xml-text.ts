/**
 * Characters XML 1.0 does not allow in a document, even as a character reference: the C0 controls
 * but tab, line feed and carriage return, U+FFFE and U+FFFF. A part's name or note can hold them
 * (a parts CSV's cell, a name typed into Manage Products: a request refuses only NUL), and one of
 * them written into an export makes the whole file unreadable to the distributor's parser.
 */
// eslint-disable-next-line no-control-regex -- the control characters are exactly what this looks for
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/**
 * `text` as XML character data or an attribute's value (in double quotes): `& < > "` escaped, and a
 * character XML 1.0 does not allow written as a space (it has no meaning in a name or note, and
 * where it parted two words they stay parted).
 */
export const xmlText = (text: string) => text.replace(NOT_XML, ' ').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
