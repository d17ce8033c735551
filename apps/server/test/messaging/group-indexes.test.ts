import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery } from 'kysely';
import { GroupConvRepo } from '../../src/modules/messaging/group/group-conv.repo.js';
import { startTestServer, type TestServer } from '../helpers.js';
import { befriend, sent, storedColumn } from './helpers.js';
import { createGroup, newUser, sentGroup } from './group-helpers.js';

// The two message indexes only group features read hold group messages only (migration
// 20261125000000): one-to-one messages keep version 0 and cost no write in them.
const sqlite = !process.env.DATABASE_URL;

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('group-only message indexes', () => {
  it('one-to-one messages have version 0, group messages a version of their conversation', async () => {
    const a = await newUser(t, 'gi-a');
    const b = await newUser(t, 'gi-b');
    await befriend(t, a, b);
    const one = await sent(t, a, b, 'one to one');
    const g = await createGroup(t, a, [b]);
    const inGroup = await sentGroup(t, a, g, 'in the group');
    const versionOf = (msgId: string) => storedColumn(t, msgId, 'version');
    expect(await versionOf(one.ID)).toBe(0);
    expect(await versionOf(inGroup.ID)).toBeGreaterThan(0);
  });

  it.runIf(sqlite)('the group sync query is planned on the partial index (SQLite)', async () => {
    const q = new GroupConvRepo(t.server.ctx.db).changedSinceQuery(1, 0, 0, null, 50).compile();
    const plan = await t.server.ctx.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`EXPLAIN QUERY PLAN ${q.sql}`, [...q.parameters]),
    );
    expect(plan.rows.map((r) => r.detail).join('; ')).toContain('messages_conversation_version');
  });
});
