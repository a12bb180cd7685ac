/**
 * A change's reply, once it says the change was made: a reply that says it was not (`acknowledged`
 * false, a count other than 1) is thrown as an error with `failure`'s words, so the mutation fails
 * as it would on an error reply. The web app's API files check their replies with it, one way.
 * Its own module: the home page's first script, which has `api`, does not carry it.
 */
export function confirmed<T>(reply: T, made: boolean, failure: string): T {
  if (!made) throw new Error(failure);
  return reply;
}
