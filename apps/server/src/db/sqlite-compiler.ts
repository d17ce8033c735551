import { SqliteQueryCompiler, ValueNode, type LimitNode } from 'kysely';

/**
 * Kysely's SQLite compiler, with a whole-number LIMIT written into the SQL instead of bound.
 *
 * SQLite (3.53, as better-sqlite3 bundles it) plans a statement with the value bound to `LIMIT ?` and
 * marks it to be compiled again whenever that parameter is bound anew, which better-sqlite3 does on
 * every run: a kept statement was parsed and planned again each time, twice the cost of a small
 * read (docs/decisions/005-statements-built-once.md). A literal keeps one plan per limit; page sizes
 * are few, and the statement cache (sqlite-statements.ts) holds one statement per text. Only safe
 * integers are written out, so nothing a caller passes can change the SQL but its number.
 */
export class SqliteLimitCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    const limit = node.limit;
    if (ValueNode.is(limit) && isWholeNumber(limit.value)) {
      this.append(`limit ${String(limit.value)}`);
      return;
    }
    super.visitLimit(node);
  }
}

function isWholeNumber(value: unknown): value is number | bigint {
  return (typeof value === 'number' && Number.isSafeInteger(value)) || typeof value === 'bigint';
}
