import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { prepared } from '../../src/db/compiled.js';
import { run, type Step, type Steps } from '../../src/db/steps.js';
import { fail } from '../../src/lib/errors.js';
import { CommitBatcher, poolDriver, type StepUnit } from '../../src/modules/messaging/send/commit-batcher.js';
import { startTestServer, type TestServer } from '../helpers.js';

// The awaited driver of group commit (`poolDriver`: PostgreSQL's; here on whichever database the
// suite runs) with the batcher's failure isolation. The synchronous driver: now-driver.test.ts.

let t: TestServer;
const published: string[] = [];
let batcher: CommitBatcher;
beforeAll(async () => {
  t = await startTestServer();
  await sql`create table batch_probe (k text primary key, v integer not null)`.execute(t.server.ctx.db);
  const realtime = {
    emit: (_to: unknown, _type: string, data: { k: string }) => {
      published.push(`stored ${data.k}`);
      return Promise.resolve();
    },
  } as never;
  batcher = new CommitBatcher(poolDriver({ db: t.server.ctx.db, realtime, log: t.server.ctx.log }));
});
afterAll(() => t.close());

const put = prepared<{ k: string; v: number }, never>((db, p) =>
  db.insertInto('batch_probe' as never).values({ k: p('k'), v: p('v') } as never),
);

const rows = async () =>
  (await t.server.ctx.db
    .selectFrom('batch_probe' as never)
    .select(['k', 'v'] as never)
    .orderBy('k' as never)
    .execute()) as unknown as Array<{ k: string; v: number }>;

/** Stores k = v and queues an event naming k; answers `answer` (else k). */
function* insert(uow: StepUnit, k: string, v: number, answer?: unknown): Steps<unknown> {
  yield* run(put, { k, v });
  uow.emit([1], 'message.new', { k } as never);
  return answer ?? k;
}

/** A check that reads nothing: `value`, or a refusal. */
function* checked<T>(value: T, refuse = false): Steps<T> {
  yield* [] as Step[];
  if (refuse) throw fail('forbidden');
  return value;
}

describe('CommitBatcher (group commit) on the awaited driver', () => {
  it('units handed over together share one commit; a refused check fails its unit alone', async () => {
    published.length = 0;
    const ok = (k: string) =>
      batcher.run([], { check: () => checked(k.toUpperCase()), work: (uow, c) => insert(uow, k, 1, c) });
    const refused = batcher.run([], {
      check: () => checked('', true),
      work: (uow) => insert(uow, 'refused', 1),
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
    expect(published).toEqual(['stored a1', 'stored a2']);
  });

  it('a unit whose work fails is rolled back alone: the others run again and commit', async () => {
    published.length = 0;
    const first = batcher.run([], { work: (uow) => insert(uow, 'b1', 1) });
    // 'b1' again violates the key: the shared transaction rolls back and each unit runs alone.
    const clash = batcher.run([], { work: (uow) => insert(uow, 'b1', 2) });
    const third = batcher.run([], { work: (uow) => insert(uow, 'b3', 1) });
    const results = await Promise.allSettled([first, clash, third]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await rows()).filter((r) => r.k.startsWith('b'))).toEqual([
      { k: 'b1', v: 1 },
      { k: 'b3', v: 1 },
    ]);
    // Nothing of the rolled-back batch was published: each event once, after its own commit.
    expect(published).toEqual(['stored b1', 'stored b3']);
  });
});
