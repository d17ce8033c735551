import { sql } from 'kysely';
import { Repo } from '../../../db/repo.js';

/** SQLite's message search index (FTS5) and its watermark, `search_index_state` (search-indexer.ts). */
export class SearchIndexRepo extends Repo {
  /**
   * Indexes up to `chunk` messages after the watermark and moves it past them; how many it indexed.
   * Every row, the empty ones too: FTS5 keeps a size record per row of its content table.
   */
  async indexNext(chunk: number): Promise<number> {
    const { rows } = await sql<{ last: number | null; n: number }>`
        SELECT max(id) AS last, count(*) AS n FROM (
          SELECT id FROM messages WHERE id > (SELECT last_id FROM search_index_state) ORDER BY id LIMIT ${chunk}
        )`.execute(this.db);
    const last = rows[0]?.last;
    if (last === null || last === undefined) return 0;
    await sql`INSERT INTO messages_fts(rowid, search_text)
        SELECT id, search_text FROM messages
        WHERE id > (SELECT last_id FROM search_index_state) AND id <= ${last}`.execute(this.db);
    await sql`UPDATE search_index_state SET last_id = ${last}`.execute(this.db);
    return Number(rows[0]!.n);
  }
}
