/** A search term matched literally by `like`/`ilike`: `%`, `_` and `\` in it are not wildcards. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (character) => `\\${character}`);
}
