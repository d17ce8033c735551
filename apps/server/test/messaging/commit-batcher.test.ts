import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { fail } from '../../src/lib/errors.js';
import { CommitBatcher, transactionDriver } from '../../src/modules/messaging/send/commit-batcher.js';
import { startTestServer, type TestServer } from '../helpers.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await sql`create table batch_probe (k text primary key, v integer not null)`.execute(t.server.ctx.db);
});
afterAll(() => t.close());

const rows = async () =>
  (await t.server.ctx.db
    .selectFrom('batch_probe' as never)
    .select(['k', 'v'] as never)
    .orderBy('k' as never)
    .execute()) as unknown as Array<{ k: string; v: number }>;

const insert = (k: string, v: number) => (uow: { db: TestServer['server']['ctx']['db'] }) =>
  sql`insert into batch_probe (k, v) values (${k}, ${v})`.execute(uow.db).then(() => k);

describe('CommitBatcher (group commit)', () => {
  it('units handed over together share one commit; a refused check fails its unit alone', async () => {
    const batcher = new CommitBatcher(transactionDriver(t.server.ctx));
    const events: string[] = [];
    const ok = (k: string) =>
      batcher.run([], {
        check: async () => k.toUpperCase(),
        work: async (uow, checked) => {
          uow.afterCommit(() => void events.push(`after ${k}`));
          await insert(k, 1)(uow);
          return checked;
        },
      });
    const refused = batcher.run([], {
      check: async () => {
        throw fail('forbidden');
      },
      work: (uow) => insert('refused', 1)(uow),
    });
    const results = await Promise.allSettled([ok('a1'), refused, ok('a2')]);
    expect(results[0]).toEqual({ status: 'fulfilled', value: 'A1' });
    expect(results[1]).toMatchObject({
      status: 'rejected',
      reason: { status: 403, code: 403, message: '当前操作没有权限' },
    });
    expect(results[2]).toEqual({ status: 'fulfilled', value: 'A2' });
    expect(await rows()).toEqual([
      { k: 'a1', v: 1 },
      { k: 'a2', v: 1 },
    ]);
    expect(events).toEqual(['after a1', 'after a2']);
  });

  it('a unit whose work fails is rolled back alone: the others run again and commit', async () => {
    const batcher = new CommitBatcher(transactionDriver(t.server.ctx));
    const first = batcher.run([], { work: insert('b1', 1) });
    // 'b1' again violates the key: the shared transaction rolls back and each unit runs alone.
    const clash = batcher.run([], { work: insert('b1', 2) });
    const third = batcher.run([], { work: insert('b3', 1) });
    const results = await Promise.allSettled([first, clash, third]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await rows()).filter((r) => r.k.startsWith('b'))).toEqual([
      { k: 'b1', v: 1 },
      { k: 'b3', v: 1 },
    ]);
  });
});
