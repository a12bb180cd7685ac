import { searchQuerySchema } from '@autoparts/shared';

/**
 * What the shared search schema refuses of /shop's filters (a lowest price above the highest, a text
 * over its length), in the schema's own words, and the field at fault; undefined when it refuses
 * nothing. A module of its own: the schema brings zod (about 100 KB to evaluate), which a page of
 * /shop landed on does not need to hydrate, as it carries the server's answer (`searchRefusalQuery`).
 */
export function searchIssue(filters: Record<string, string | undefined>): { field: string; message: string } | undefined {
  const issue = searchQuerySchema.safeParse(filters).error?.issues[0];
  return issue && { field: String(issue.path[0] ?? ''), message: issue.message };
}

/** The message of `searchIssue` for /shop's URL parameters, the page number aside (isMissingSearchPage says that one). */
export function searchRefusal(params: Record<string, string>): string | undefined {
  const { page: _page, ...filters } = params;
  return searchIssue(filters)?.message;
}
