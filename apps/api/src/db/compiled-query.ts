import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import type { Db } from './database';

/** A value standing in for a named parameter while a query is built (never sent). */
const PLACEHOLDER = (name: string) => `\u0000compiled-query:${name}\u0000`;

/**
 * A query that is built and compiled once and then run with new values, for the statements an
 * order sends on every request (decision 030): Kysely's building and compiling of the order's
 * statement cost more of the shop's CPU than sending it. Kysely's own recipe for this is to run a
 * `CompiledQuery` with `executeQuery`; what this adds is which of its parameters are which value.
 *
 * `build` receives a placeholder for each value and must only pass them to Kysely as values (a
 * `where`, a `set`, a `${}` in `sql`): computing with one, or branching on one, would build
 * something else. That is checked when the query is compiled: every placeholder must have become
 * a parameter, and none may be in the SQL text. A query whose shape depends on the values (an
 * optional condition) is one compiled query per shape. It is compiled by the first database it
 * runs on: the shop's databases all speak PostgreSQL (PGlite's dialect uses Kysely's
 * PostgresQueryCompiler too), so the SQL is the same for each.
 */
export function compiledQuery<Values extends object, Row>(
  names: ReadonlyArray<NoInfer<keyof Values & string>>,
  build: (db: Db, values: Values) => Compilable<Row>,
) {
  let compiled: { query: CompiledQuery<Row>; slots: Array<{ name: string } | { constant: unknown }> } | undefined;
  const compile = (db: Db) => {
    const placeholders = Object.fromEntries(names.map((name) => [name, PLACEHOLDER(name)])) as unknown as Values;
    const query = build(db, placeholders).compile();
    const byPlaceholder = new Map(names.map((name) => [PLACEHOLDER(name), name]));
    const slots = query.parameters.map((parameter) => {
      const name = typeof parameter === 'string' ? byPlaceholder.get(parameter) : undefined;
      return name ? { name } : { constant: parameter };
    });
    for (const name of names) {
      if (query.sql.includes(PLACEHOLDER(name)) || !slots.some((slot) => 'name' in slot && slot.name === name)) {
        throw new Error(`compiledQuery: ${name} is not passed to the query as a value`);
      }
    }
    return { query, slots };
  };
  const withValues = (db: Db, values: Values): CompiledQuery<Row> => {
    compiled ??= compile(db);
    const { query, slots } = compiled;
    return { ...query, parameters: slots.map((slot) => ('name' in slot ? (values as Record<string, unknown>)[slot.name] : slot.constant)) };
  };
  return {
    /** The compiled query with these values, to run later or as part of another statement. */
    compile: withValues,
    /** Runs the query on `db` (a transaction included) with these values. */
    execute: async (db: Db, values: Values): Promise<QueryResult<Row>> => db.executeQuery<Row>(withValues(db, values)),
  };
}
