/** A NUL, or a UTF-16 surrogate without its other half: PostgreSQL can store neither as text. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
export const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether PostgreSQL can store `text` as text (a request's strings are checked by request-guards; this is for the rest: a multipart part's name, a file's cells). */
export const isStorableText = (text: string) => !UNSTORABLE.test(text);

/** `text` with what PostgreSQL cannot store as text replaced by U+FFFD (a file's value quoted in a message). */
export const storableText = (text: string) => text.replace(new RegExp(UNSTORABLE.source, 'g'), '\uFFFD');
