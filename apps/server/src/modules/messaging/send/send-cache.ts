import type { SqliteDatabase } from 'kysely';
import { OtherCommits } from '../../../db/other-commits.js';
import { StableReads } from '../../../db/stable-reads.js';

/** How many counters of each kind are kept at most; past it the memory starts again (a flood of new pairs). */
export const KEPT_COUNTERS_MAX = 20_000;

/** The counters a one-to-one send reads and then writes (conversation.repo.ts, sync.repo.ts). */
export interface KeptCounters {
  /** The conversation `key` names and its last sequence, when known. */
  seq(key: string): { id: number; seq: number } | undefined;
  setSeq(key: string, id: number, seq: number): void;
  /** A user's sync version, when known. */
  version(userId: number): number | undefined;
  setVersion(userId: number, version: number): void;
}

/**
 * What the SQLite send driver keeps between the statements of its batches
 * (docs/decisions/044-one-send-path.md), one cache with one invalidation signal:
 * - the rows of `stable` reads (the parties, friendships and blocks of a pair: db/stable-reads.ts),
 *   which every one-to-one send reads and almost never change;
 * - the counters a send reads and then writes (each conversation's last sequence by its pair key,
 *   each user's sync version): the driver wrote them last, so it skips reading them back.
 *
 * The signal is `begin`, called inside each batch's write transaction before its first statement:
 * when the connection is this driver's alone (the send thread's), another connection's commit since
 * the last batch (`PRAGMA data_version`, db/other-commits.ts) drops the counters, and the stable rows
 * too if that commit moved `stable_epoch` (the triggers on users, friendships and blocks). On a
 * connection other use cases share (the main thread's, without a send thread) their own commits are
 * invisible to `data_version`, so every batch starts afresh. Inside a write transaction nobody else
 * can commit: what is kept is as current as a read. A batch that rolled back drops the counters it set.
 */
export class SendCache implements KeptCounters {
  readonly stable: StableReads;
  /** Null on a shared connection: every batch starts afresh. */
  private readonly others: OtherCommits | null;
  private readonly seqs = new Map<string, { id: number; seq: number }>();
  private readonly versions = new Map<number, number>();

  constructor(file: SqliteDatabase, alone: boolean) {
    this.stable = new StableReads(file);
    this.others = alone ? new OtherCommits(file) : null;
  }

  /** The invalidation signal: call inside a batch's write transaction, before its first statement. */
  begin(): void {
    if (this.others && !this.others.sinceLastAsked()) return;
    this.forgetCounters();
    this.stable.refresh();
  }

  /** What the rolled-back batch set was never stored. */
  rolledBack(): void {
    this.forgetCounters();
  }

  seq(key: string): { id: number; seq: number } | undefined {
    return this.seqs.get(key);
  }

  setSeq(key: string, id: number, seq: number): void {
    if (!this.seqs.has(key) && this.seqs.size >= KEPT_COUNTERS_MAX) this.seqs.clear();
    this.seqs.set(key, { id, seq });
  }

  version(userId: number): number | undefined {
    return this.versions.get(userId);
  }

  setVersion(userId: number, version: number): void {
    if (!this.versions.has(userId) && this.versions.size >= KEPT_COUNTERS_MAX) this.versions.clear();
    this.versions.set(userId, version);
  }

  private forgetCounters(): void {
    this.seqs.clear();
    this.versions.clear();
  }
}
