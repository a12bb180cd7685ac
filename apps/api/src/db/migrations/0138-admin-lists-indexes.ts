import { sql, type Kysely } from 'kysely';

/**
 * Decision 229: the admins' lists read a page in the order of an index and find their searches by
 * trigram indexes, as the catalogue's do, instead of sorting or reading whole tables (measured by
 * `npm run bench:admin` at 1,000,000 orders, 200,000 accounts and 100,000 parts).
 *   - Manage All Orders: newest first (`seq`), the e-mail search (`lower(email) like '%…%'`);
 *   - the Overview's days and best sellers: the window's orders by `created_at`, and each order
 *     line's shipped and returned units by the line (`shipment_lines`, `return_lines`);
 *   - Manage Users: oldest first (`created_at, email`), the search in the e-mail or the name;
 *   - Manage Products: every part, archived ones too, in `seq`; its search in the name, the
 *     description and the numbers: `admin_part_number_text` is the text the search matched the
 *     part number and OEM numbers against, one string (a search's letters and digits never span its
 *     `|`), immutable so that it can be indexed (array_to_string is only stable);
 *   - Reviews newest first (`seq`), Returns newest first (`created_at, rma_number`);
 *   - the Audit log's search: what an entry says (its admin, target, e-mail), from an order or a
 *     part to the entries naming it (`target`), orders by their lines' part numbers.
 * Each `create index` locks writes on its table while it builds (decision 229 says how long at
 * 1,000,000 orders: up to 35 s for the audit log's search, 21 s for the orders' e-mails). `if not
 * exists`: a shop that big builds them beforehand with `create index concurrently` under the same
 * names and definitions (decision 229 lists them), and this migration then finds them there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists orders_seq on orders (seq)`.execute(db);
  await sql`create index if not exists orders_email_trgm on orders using gin (lower(email) gin_trgm_ops)`.execute(db);
  await sql`create index if not exists orders_created_at on orders (created_at)`.execute(db);
  await sql`create index if not exists users_created_at_email on users (created_at, email)`.execute(db);
  await sql`create index if not exists users_email_trgm on users using gin (email gin_trgm_ops)`.execute(db);
  await sql`create index if not exists users_name_trgm on users using gin (name gin_trgm_ops)`.execute(db);
  await sql`create index if not exists parts_seq on parts (seq)`.execute(db);
  await sql`create index if not exists parts_name_trgm on parts using gin (name gin_trgm_ops)`.execute(db);
  await sql`create index if not exists parts_description_trgm on parts using gin (description gin_trgm_ops)`.execute(db);
  await sql`
    create or replace function admin_part_number_text(part_number text, oem_numbers text[]) returns text
      language sql immutable parallel safe
      return regexp_replace(part_number, '[^0-9A-Za-z]', '', 'g') || '|' || regexp_replace(array_to_string(oem_numbers, '|'), '[^0-9A-Za-z|]', '', 'g')
  `.execute(db);
  await sql`create index if not exists parts_admin_number_text_trgm on parts using gin (admin_part_number_text(part_number, oem_numbers) gin_trgm_ops)`.execute(db);
  await sql`create index if not exists reviews_seq on reviews (seq)`.execute(db);
  await sql`create index if not exists returns_created_at_rma on returns (created_at, rma_number)`.execute(db);
  await sql`create index if not exists audit_log_target on audit_log (target)`.execute(db);
  await sql`
    create index if not exists audit_log_search_trgm on audit_log using gin (
      lower(actor_email) gin_trgm_ops, lower(target) gin_trgm_ops, lower(coalesce(details->>'email', details->>'recipient', '')) gin_trgm_ops
    )
  `.execute(db);
  await sql`create index if not exists order_lines_part_number_trgm on order_lines using gin (lower(part_number) gin_trgm_ops)`.execute(db);
  // An order line's shipped and returned units, which the Overview's best sellers sum per line:
  // both tables point at their order line (order_id, position) with no index to find them by it.
  await sql`create index if not exists shipment_lines_order_line on shipment_lines (order_id, position)`.execute(db);
  await sql`create index if not exists return_lines_order_line on return_lines (order_id, position)`.execute(db);
  // The statistics of the new expressions (what share of rows a search matches), which ANALYZE
  // gathers for an expression index: without them the planner guesses that a rare search matches
  // hundreds of rows and walks a whole table in `seq` order looking for its first page.
  for (const table of ['parts', 'orders', 'order_lines', 'audit_log']) await sql`analyze ${sql.table(table)}`.execute(db);
}
