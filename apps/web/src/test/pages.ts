/**
 * A full page of a list the server pages in arrays (the admin lists, My Orders, the audit log, the
 * catalogue's imports): `size` entries, the list's page size, each made by `entry(n)` with n
 * counting from `first` (1 unless said). Whether it is the last page is the next page's answer,
 * which the test stubs: `[]` makes it a full last page, the case a pager must end at.
 */
export function fullPage<T>(size: number, entry: (n: number) => T, first = 1): T[] {
  return Array.from({ length: size }, (_, index) => entry(first + index));
}
