import { sql, type Expression, type SqlBool } from 'kysely';

/** `lower(column) LIKE '%keyword%'` with LIKE wildcards in the keyword taken literally (both dialects). */
export function containsInsensitive(column: Expression<string>, keyword: string): Expression<SqlBool> {
  const escaped = keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql<SqlBool>`lower(${column}) like ${`%${escaped}%`} escape '\\'`;
}
