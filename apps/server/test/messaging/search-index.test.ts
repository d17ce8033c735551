import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Message } from '@parley/protocol';
import { startTestServer, type TestServer } from '../helpers.js';
import { INDEX_CHUNK } from '../../src/modules/messaging/core/search-indexer.js';
import * as lean from '../../src/db/migrations/20261126010000_lean_search_index.js';
import { befriend, c2c, newUser, post, sent, storedColumn } from './helpers.js';

// SQLite's search index is filled in batches (modules/messaging/core/search-indexer.ts); PostgreSQL's
// trigram index is a plain index, so there is nothing batched to check there.
const sqlite = !process.env.DATABASE_URL;

let t: TestServer;
beforeAll(async () => {
  // 0: no background indexing (on the main thread or the send thread); each test decides when the
  // index catches up.
  t = await startTestServer({ searchIndexEveryMs: 0, messageSendPerMinute: 100_000 });
});
afterAll(() => t.close());

type Search = { messages: Message[]; nextCursor: number | null };
/**
 * Message ids the index holds for `word` (three characters or more): the index finds the candidates
 * and FTS5 checks their text, so a message not indexed yet is not among them.
 */
const indexed = async (word: string) =>
  (
    await sql<{
      rowid: number;
    }>`SELECT rowid FROM messages_fts WHERE search_text LIKE ${`%${word}%`}`.execute(t.server.ctx.db)
  ).rows.map((r) => Number(r.rowid));
const integrityCheck = () =>
  sql`INSERT INTO messages_fts(messages_fts, rank) VALUES ('integrity-check', 1)`.execute(t.server.ctx.db);
const idOf = (msgId: string) => storedColumn(t, msgId, 'id');

describe.runIf(sqlite)('search index filled in batches (SQLite)', () => {
  it('a search finds a message sent just before it; sends do not index, the indexer does', async () => {
    const a = await newUser(t, 'idx-a');
    const b = await newUser(t, 'idx-b');
    await befriend(t, a, b);
    const m = await sent(t, a, b, '批量索引的消息 zebra');
    expect(await indexed('zebra')).not.toContain(await idOf(m.ID));

    const res = await post<Search>(t, b, '/message/search', { keyword: '索引的', conversationID: c2c(a) });
    expect(res.code).toBe(200);
    expect(res.data.messages.map((x) => x.ID)).toEqual([m.ID]);
    expect(await indexed('zebra')).toContain(await idOf(m.ID));
  });

  it('an indexed message deleted with its conversation leaves the index; a revoked one is not found', async () => {
    const a = await newUser(t, 'idx-c');
    const b = await newUser(t, 'idx-d');
    await befriend(t, a, b);
    const kept = await sent(t, a, b, 'walrus one');
    const revoked = await sent(t, a, b, 'walrus two');
    await t.server.modules.messaging.indexer.flush();
    await integrityCheck();
    expect(await indexed('walrus')).toEqual(
      expect.arrayContaining([await idOf(kept.ID), await idOf(revoked.ID)]),
    );
    expect((await post(t, a, '/message/revoke', { messageID: revoked.ID })).code).toBe(200);
    const res = await post<Search>(t, a, '/message/search', { keyword: 'walrus' });
    expect(res.data.messages.map((x) => x.ID)).toEqual([kept.ID]);

    const id = await idOf(kept.ID);
    await t.server.ctx.db.deleteFrom('messages').where('id', '=', id).execute();
    expect(await indexed('walrus')).not.toContain(id);
    // Once brought up to date, the index matches its content table exactly.
    await t.server.modules.messaging.indexer.flush();
    await integrityCheck();
  });

  it('indexes a backlog longer than one chunk in several transactions, with other work between them', async () => {
    const a = await newUser(t, 'idx-e');
    const b = await newUser(t, 'idx-f');
    await befriend(t, a, b);
    const indexer = t.server.modules.messaging.indexer;
    await indexer.flush(); // the earlier tests' messages
    const total = INDEX_CHUNK + 20;
    for (let i = 0; i < total; i++) await sent(t, a, b, `backlog ${i} narwhal`);
    expect(await indexed('narwhal')).toEqual([]);

    // Work queued while the first chunk runs gets its turn before the second chunk.
    let between: number | null = null;
    const done = indexer.flush();
    setImmediate(() => void indexed('narwhal').then((ids) => (between = ids.length)));
    await done;
    expect(between).toBe(INDEX_CHUNK);
    expect(await indexed('narwhal')).toHaveLength(total);
  });

  it('the lean index (no positions, no sizes) is rebuilt with what the index held; search answers the same', async () => {
    const a = await newUser(t, 'idx-g');
    const b = await newUser(t, 'idx-h');
    await befriend(t, a, b);
    const indexer = t.server.modules.messaging.indexer;
    const before = await sent(t, a, b, '升级之前的消息 ocelot');
    await indexer.flush();
    const later = await sent(t, a, b, '升级之后的消息 ocelot');
    const db = t.server.ctx.db;
    const options = async () =>
      (await sql<{ sql: string }>`SELECT sql FROM sqlite_master WHERE name = 'messages_fts'`.execute(db))
        .rows[0]!.sql;
    expect(await options()).toContain('detail=none, columnsize=0');

    // Back to the positional index and up again, as an existing database upgrades: each rebuild holds
    // what the index held; the message after the watermark is still the indexer's to add.
    await lean.down(db);
    expect(await options()).not.toContain('detail=none');
    expect(await indexed('ocelot')).toEqual([await idOf(before.ID)]);
    await lean.up(db);
    expect(await options()).toContain('detail=none, columnsize=0');
    expect(await indexed('ocelot')).toEqual([await idOf(before.ID)]);

    const search = async (keyword: string) =>
      (await post<Search>(t, a, '/message/search', { keyword, conversationID: c2c(b) })).data.messages.map(
        (x) => x.ID,
      );
    expect(await search('ocelot')).toEqual([later.ID, before.ID]);
    expect(await search('之后的')).toEqual([later.ID]);
    expect(await search('的消息 oce')).toEqual([later.ID, before.ID]);
    expect(await search('ocelots')).toEqual([]);
    await integrityCheck();
  });
});
