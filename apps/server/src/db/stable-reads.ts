import type { SqliteDatabase } from 'kysely';
import type { Statement } from './statement.js';

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
/**
 * Rows by a statement's parameter values, one level of `Map` per parameter: no key is built (a key
 * made with `JSON.stringify` cost ~0.2 µs a lookup, four lookups a send).
 */
type ByValue = Map<unknown, ByValue | unknown[]>;

export class StableReads {
  private readonly rows = new Map<Statement<object, unknown>, ByValue>();
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
  all(q: Statement<object, unknown>, params: object): unknown[] {
    const values = q.sqliteValues(params);
    let level = this.rows.get(q);
    if (!level) this.rows.set(q, (level = new Map()));
    const last = values.length - 1;
    for (let i = 0; i < last; i++) {
      let next = level.get(values[i]) as ByValue | undefined;
      if (!next) level.set(values[i], (next = new Map()));
      level = next;
    }
    let rows = level.get(values[last]) as unknown[] | undefined;
    if (rows === undefined) {
      rows = q.allValuesNow(this.file, values);
      if (this.size >= STABLE_READS_MAX) {
        // Starting again drops the path just made: make it again in the new memory.
        this.clear();
        return this.all(q, params);
      }
      level.set(values[last], rows);
      this.size++;
    }
    return rows;
  }

  private clear(): void {
    this.rows.clear();
    this.size = 0;
  }
}
