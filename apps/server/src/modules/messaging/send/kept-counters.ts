/** How many counters are kept at most; past it the memory starts again (a flood of new pairs). */
export const KEPT_COUNTERS_MAX = 20_000;

/**
 * The counters every one-to-one send reads and then writes on the send thread (docs/architecture.md
 * "The send thread"): each conversation's last sequence (by its pair key) and each user's sync
 * version. The send thread wrote them last, so it keeps what it wrote and skips reading them back.
 * What it keeps is right only while nobody else wrote them, so its driver (now-driver.ts) calls
 * `forget` when another connection has committed since its last batch (db/other-commits.ts) and when
 * a batch rolls back (what it set was never stored). On its own connection, only the send thread's
 * batches write these counters; a new writer of them there would have to update or forget what is
 * kept. SQLite only: on PostgreSQL the statements take row locks and nothing is kept.
 */
export class KeptCounters {
  private readonly seqs = new Map<string, { id: number; seq: number }>();
  private readonly versions = new Map<number, number>();

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
