import type pg from 'pg';

/** SQL text → statement name, for the hot statements (`prepared` in compiled.ts). */
const names = new Map<string, string>();

/**
 * Registers a hot statement's SQL (db/compiled.ts builds each once per dialect, so the set is bounded
 * by the code): pool clients run it as a named statement from then on.
 */
export function nameStatement(sql: string): void {
  if (!names.has(sql)) names.set(sql, `parley_${names.size + 1}`);
}

/** The name a registered statement runs under (tests). */
export const statementName = (sql: string): string | undefined => names.get(sql);

type Query = (text: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Makes the pool's connections run registered SQL as named statements (docs/decisions/005-statements-built-once.md): PostgreSQL then parses it once per connection and keeps its plan, where an
 * unnamed statement (what `pg` sends for a plain text query) is parsed and planned on every run.
 * Kysely's driver calls `client.query(sql, parameters)`; only that form is renamed, anything else
 * (a callback, a cursor, a config object) passes through as it is.
 */
export function withNamedStatements(pool: pg.Pool): pg.Pool {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    (client as unknown as { query: Query }).query = (text, values, callback) => {
      const name = typeof text === 'string' && callback === undefined ? names.get(text) : undefined;
      if (name !== undefined) return query({ name, text, values });
      return query(text, values, callback);
    };
  });
  return pool;
}
