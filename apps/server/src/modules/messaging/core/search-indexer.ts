import { isPostgres } from '../../../db/dialect.js';
import type { AppContext } from '../../../lib/context.js';
import { SearchIndexRepo } from './search-index.repo.js';

/**
 * Messages added to the index per transaction. Small: the send thread runs the indexer between its
 * batches, and a chunk holds them back while it runs (~8 µs a message: 5,000 at once stalled sends
 * for 20–35 ms, the largest latency spikes of the delivery bench at 4,000 msg/s).
 */
export const INDEX_CHUNK = 500;

/**
 * Fills SQLite's message search index (FTS5, trigram) in batches (migration
 * 20261124010000_search_index_batched; docs/performance.md "Messaging"). Indexing on every insert, by
 * trigger, cost about 30 µs of a send's SQLite time (the insert and its share of the commit); a batch
 * costs under 4 µs a message. `flush` indexes every committed message after `search_index_state`'s
 * watermark, in one transaction per chunk (SQLite commits one writer at a time, so message ids commit
 * in order and the watermark never skips one); a search calls it first, so it always sees every
 * message committed before it. Several processes on one database share the watermark. On PostgreSQL
 * the trigram index is a plain index and this does nothing.
 */
export class SearchIndexer {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private readonly enabled: boolean;

  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'log'>,
    /** How often it runs in the background (config `searchIndexEveryMs`; 0: only when a search asks). */
    private readonly everyMs: number,
  ) {
    this.enabled = !isPostgres(ctx.db);
  }

  start(): void {
    if (!this.enabled || this.timer || this.everyMs <= 0) return;
    this.timer = setInterval(() => {
      this.flush().catch((err: unknown) => this.ctx.log.error({ err }, 'search indexing failed'));
    }, this.everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Indexes every message committed so far (a flush under way is followed by one more). */
  async flush(): Promise<void> {
    if (!this.enabled) return;
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          // Between chunks, work queued meanwhile (sends on the send thread) runs first.
          while (await this.chunk()) await new Promise<void>((resolve) => setImmediate(resolve));
        } while (this.again);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Indexes up to INDEX_CHUNK messages after the watermark; true when there may be more. */
  private chunk(): Promise<boolean> {
    return this.ctx.db
      .transaction()
      .execute(async (trx) => (await new SearchIndexRepo(trx).indexNext(INDEX_CHUNK)) === INDEX_CHUNK);
  }
}
