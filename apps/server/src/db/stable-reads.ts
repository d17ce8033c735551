import type { SqliteDatabase } from 'kysely';
import type { PreparedQuery } from './compiled.js';

/** How many row sets are kept at most; past it the memory starts again (a flood of new pairs). */
export const STABLE_READS_MAX = 20_000;

/**
 * The rows of `stable` prepared queries (db/compiled.ts) on a SQLite connection that never writes
 * their tables — the send thread's (docs/architecture.md "The send thread"). Every one-to-one send
 * reads both parties and the friendship and blacklist rows between them; between two sends of the
 * same pair those rows almost never change. Every change to them moves the `stable_epoch` counter
 * (triggers, migration 20261126000000, on whichever connection or node writes), so `refresh`, called
 * inside a batch's write transaction when another connection has committed since the last batch
 * (db/other-commits.ts), forgets everything when the counter moved. Inside a write transaction nobody
 * else can commit, so the kept rows are as current as a read.
 */
export class StableReads {
  private readonly rows = new Map<PreparedQuery<object, unknown>, Map<string, unknown[]>>();
  private size = 0;
  private epoch: unknown = undefined;

  constructor(private readonly file: SqliteDatabase) {}

  /** How many row sets are kept now. */
  get kept(): number {
    return this.size;
  }

  /** Call inside a transaction, before its first statement: drops the rows if the epoch moved. */
  refresh(): void {
    const [row] = this.file.prepare('SELECT n FROM stable_epoch').all([]) as Array<{ n: number }>;
    const epoch = row?.n;
    if (epoch !== undefined && epoch === this.epoch) return;
    this.epoch = epoch;
    this.clear();
  }

  /** The rows `q` gives for `params`, from memory when known: shared between batches, never to be changed. */
  all(q: PreparedQuery<object, unknown>, params: object): unknown[] {
    let byParams = this.rows.get(q);
    if (!byParams) this.rows.set(q, (byParams = new Map()));
    const key = JSON.stringify(params);
    let rows = byParams.get(key);
    if (rows === undefined) {
      rows = q.allNow(this.file, params);
      if (this.size >= STABLE_READS_MAX) this.clear();
      byParams.set(key, rows);
      this.size++;
    }
    return rows;
  }

  private clear(): void {
    this.rows.clear();
    this.size = 0;
  }
}
