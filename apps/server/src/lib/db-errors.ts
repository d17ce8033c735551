/**
 * Recognises constraint violations from either database, so services can turn a lost race into the
 * business error (409/404) instead of a 500.
 * PostgreSQL: SQLSTATE 23505 unique, 23503 foreign key. better-sqlite3: SQLITE_CONSTRAINT_* codes.
 */
function codeOf(err: unknown): string {
  return typeof err === 'object' && err !== null && 'code' in err
    ? String((err as { code: unknown }).code)
    : '';
}

function textOf(err: unknown): string {
  return err instanceof Error
    ? `${err.message} ${(err as { constraint?: string }).constraint ?? ''}`
    : String(err);
}

export function isUniqueViolation(err: unknown, column?: string): boolean {
  const code = codeOf(err);
  const hit =
    code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
  return hit && (column === undefined || textOf(err).includes(column));
}

export function isForeignKeyViolation(err: unknown): boolean {
  const code = codeOf(err);
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
