import type { SqliteDatabase } from 'kysely';

/**
 * Whether another connection (a thread, a process) has committed to the SQLite file since this
 * connection last asked: SQLite's `PRAGMA data_version`, which moves on every commit but this
 * connection's own. Ask it inside a write transaction (`BEGIN IMMEDIATE`): the answer then holds
 * until that transaction ends, as nobody else can commit meanwhile (outside one, a read snapshot
 * left open on the connection could hide later commits, db/sqlite-statements.ts). The send thread asks once per batch; what it keeps between
 * batches (messaging/send/send-cache.ts) needs looking at only when the answer is
 * yes.
 */
export class OtherCommits {
  private seen: unknown = undefined;

  constructor(private readonly file: SqliteDatabase) {}

  /** True on the first call, and whenever another connection committed since the previous one. */
  sinceLastAsked(): boolean {
    const [row] = this.file.prepare('PRAGMA data_version').all([]) as Array<{ data_version: number }>;
    const version = row?.data_version;
    const moved = version === undefined || version !== this.seen;
    this.seen = version;
    return moved;
  }
}
