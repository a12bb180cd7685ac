/**
 * A whole number in a URL's query, as people and the shop's pages write one: decimal digits only
 * (`2`, `2017`). `Number()` (what `z.coerce` does) read `0x2` as 2, `1e1` as 10, `2.0` and ` 2 `
 * as 2: other addresses of the same answer (other entries of a cache), or a page the browser
 * showed that the address did not say. Without zod: the home page's bundle reads it (decision 188).
 */
const QUERY_WHOLE_NUMBER = /^[0-9]{1,15}$/;

/** `text` as a whole number if it is one in digits only; otherwise (missing, `0x2`, ` 2 `) NaN, which every bound refuses. */
export function readQueryWholeNumber(text: string | null | undefined): number {
  return text !== null && text !== undefined && QUERY_WHOLE_NUMBER.test(text) ? Number(text) : Number.NaN;
}
