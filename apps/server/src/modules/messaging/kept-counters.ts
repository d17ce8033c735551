import type { SqliteDatabase } from 'kysely';

/** How many counters are kept at most; past it the memory starts again (a flood of new pairs). */
export const KEPT_COUNTERS_MAX = 20_000;

/**
 * The counters every one-to-one send reads and then writes on the send thread (docs/architecture.md
 * "The send thread"): each conversation's last sequence (by its pair key) and each user's sync
 * version. The send thread wrote them last, so it keeps what it wrote and skips reading them back.
 * What it keeps is right only while nobody else wrote them, so:
 *
 * - `refresh`, called inside each batch's write transaction before its first statement, forgets
 *   everything when another connection (the main thread's, another process's) committed anything
 *   since this one's last transaction (SQLite's `PRAGMA data_version`); inside a write transaction
 *   nobody else can commit, so what is kept is then as current as a read;
 * - `forget` is called when a transaction rolls back: what it set was never stored.
 *
 * On its own connection, only the send thread's batches (`NowBatcher`) write these counters; a new
 * writer of them on that connection would have to update or forget what is kept. SQLite only: on
 * PostgreSQL the statements take row locks and nothing is kept.
 */
export class KeptCounters {
  private readonly seqs = new Map<string, { id: number; seq: number }>();
  private readonly versions = new Map<number, number>();
  private dataVersion: unknown = undefined;

  constructor(private readonly file: SqliteDatabase) {}

  /** Call inside a write transaction, before its first statement. */
  refresh(): void {
    const [row] = this.file.prepare('PRAGMA data_version').all([]) as Array<{ data_version: number }>;
    const version = row?.data_version;
    if (version !== undefined && version === this.dataVersion) return;
    this.dataVersion = version;
    this.forget();
  }

  forget(): void {
    this.seqs.clear();
    this.versions.clear();
  }

  /** The conversation `key` names and its last sequence, when known. */
  seq(key: string): { id: number; seq: number } | undefined {
    return this.seqs.get(key);
  }

  setSeq(key: string, id: number, seq: number): void {
    if (!this.seqs.has(key) && this.seqs.size >= KEPT_COUNTERS_MAX) this.seqs.clear();
    this.seqs.set(key, { id, seq });
  }

  /** A user's sync version, when known. */
  version(userId: number): number | undefined {
    return this.versions.get(userId);
  }

  setVersion(userId: number, version: number): void {
    if (!this.versions.has(userId) && this.versions.size >= KEPT_COUNTERS_MAX) this.versions.clear();
    this.versions.set(userId, version);
  }
}
