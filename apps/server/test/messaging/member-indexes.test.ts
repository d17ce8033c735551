import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import type { Conversation } from '@parley/protocol';
import { isPostgres } from '../../src/db/dialect.js';
import { ConversationRepo } from '../../src/modules/messaging/core/conversation.repo.js';
import * as memberIndexes from '../../src/db/migrations/20261126020000_member_indexes_off_the_send_path.js';
import { startTestServer, type TestServer } from '../helpers.js';
import { befriend, c2c, newUser, post, sent } from './helpers.js';

// Member rows keep only indexes a new message leaves alone (migration 20261126020000): a one-to-one
// message writes these columns of both members' rows (message.store.ts `bothSee`).
const WRITTEN_BY_A_SEND = ['visible', 'activity_at', 'read_seq', 'unread', 'updated_at'];
const sqlite = !process.env.DATABASE_URL;

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** Every index of `conversation_members` with its columns, on either dialect. */
async function memberIndexColumns(): Promise<Map<string, string[]>> {
  const db = t.server.ctx.db;
  const out = new Map<string, string[]>();
  if (isPostgres(db)) {
    const { rows } = await sql<{ index: string; column: string }>`
      SELECT i.relname AS index, a.attname AS column
      FROM pg_index x
      JOIN pg_class i ON i.oid = x.indexrelid
      JOIN pg_class tbl ON tbl.oid = x.indrelid
      JOIN pg_attribute a ON a.attrelid = tbl.oid AND a.attnum = ANY (x.indkey)
      WHERE tbl.relname = 'conversation_members' AND tbl.relnamespace = current_schema()::regnamespace`.execute(
      db,
    );
    for (const r of rows) out.set(r.index, [...(out.get(r.index) ?? []), r.column]);
    return out;
  }
  const { rows: list } = await sql<{ name: string }>`PRAGMA index_list(conversation_members)`.execute(db);
  for (const { name } of list) {
    const { rows } = await sql<{ name: string }>`SELECT name FROM pragma_index_info(${name})`.execute(db);
    out.set(
      name,
      rows.map((r) => r.name),
    );
  }
  return out;
}

const list = async (u: Awaited<ReturnType<typeof newUser>>) =>
  (await post<{ conversations: Conversation[] }>(t, u, '/conversation/list', {})).data.conversations.map(
    (c) => c.conversationID,
  );

describe('member indexes off the send path', () => {
  it('no index of the member rows holds a column a new message writes', async () => {
    const indexes = await memberIndexColumns();
    expect([...indexes.keys()]).toEqual(expect.arrayContaining(['conversation_members_user']));
    expect(indexes.get('conversation_members_user')).toEqual(['user_id']);
    for (const [name, columns] of indexes) {
      expect({ name, written: columns.filter((c) => WRITTEN_BY_A_SEND.includes(c)) }).toEqual({
        name,
        written: [],
      });
    }
  });

  it.runIf(sqlite)('the conversation list finds the caller’s rows by the user index (SQLite)', async () => {
    const q = new ConversationRepo(t.server.ctx.db)
      .pageQuery(1, { offset: 0, limit: 20, archivedOnly: false })
      .compile();
    const plan = await t.server.ctx.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${q.sql}`, [...q.parameters]),
    );
    expect(plan.rows.map((r) => r.detail).join('; ')).toContain('USING INDEX conversation_members_user');
  });

  it('down and up again: the old indexes come back and go, the list answers the same', async () => {
    const a = await newUser(t, 'mi-a');
    const b = await newUser(t, 'mi-b');
    const c = await newUser(t, 'mi-c');
    await befriend(t, a, b);
    await befriend(t, a, c);
    await sent(t, b, a, 'first');
    await sent(t, c, a, 'second');
    expect((await post(t, a, '/conversation/pin', { conversationID: c2c(b), isPinned: true })).code).toBe(
      200,
    );
    const before = await list(a);
    expect(before).toEqual([c2c(b), c2c(c)]);

    const db = t.server.ctx.db;
    await memberIndexes.down(db);
    expect([...(await memberIndexColumns()).keys()]).toEqual(
      expect.arrayContaining(['conversation_members_list', 'conversation_members_read']),
    );
    expect(await list(a)).toEqual(before);
    await memberIndexes.up(db);
    const after = await memberIndexColumns();
    expect(after.has('conversation_members_list')).toBe(false);
    expect(after.has('conversation_members_read')).toBe(false);
    expect(await list(a)).toEqual(before);
  });
});
