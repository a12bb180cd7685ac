const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are opaque to clients; a string that cannot be one of ours names nothing (a 404, not a 500). */
export function isId(value: string): boolean {
  return UUID.test(value);
}
