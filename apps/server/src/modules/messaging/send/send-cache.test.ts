import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PreparedQuery, sqliteFileOf } from '../../../db/compiled.js';
import type { Step } from '../../../db/steps.js';
import { UnitsOfWork } from '../../../db/unit-of-work.js';
import { openTwoConnections, type TwoConnections } from '../../../../test/two-connections.js';
import { blocksBetweenSteps } from '../../friends/blacklist.repo.js';
import { KEPT_COUNTERS_MAX, SendCache } from './send-cache.js';
import { appendMessage, appendSteps, type AppendInput } from './message.store.js';
import { nowBatcher } from './now-driver.js';

// Two connections to one file, as in a running server: `thread` sends through the synchronous driver (the send
// thread), `main` writes the same counters now and then (the main thread, another process).
let db: TwoConnections;
let main: TwoConnections['main'];
let thread: TwoConnections['thread'];
let batcher: ReturnType<typeof nowBatcher>;
let ids: { a: number; b: number };
const quiet = { emit: () => Promise.resolve() };
const log = { error: () => undefined };

const input = (clientMsgId: string, senderId = ids.a, peerId = ids.b): AppendInput => ({
  senderId,
  peerId,
  clientMsgId,
  type: 'text',
  payload: { text: clientMsgId },
  cloudCustomData: null,
  needReadReceipt: false,
  searchText: clientMsgId,
  visibleTo: null,
  notice: false,
  now: Date.now(),
});
/** A send on the thread's connection: its sequence and the two members' new sync versions. */
const send = (clientMsgId: string) =>
  batcher.run<{ seq: number; versions: number[] }>([], {
    *work(uow) {
      const { row } = yield* appendSteps(uow, input(clientMsgId));
      return { seq: row.seq, versions: [row.sender_version, row.receiver_version] };
    },
  });
/** How many times the thread's connection read a sequence or a version. */
const counterReads = (reads: { mock: { calls: unknown[][] } }) =>
  reads.mock.calls.filter(
    ([file, params]) =>
      file === sqliteFileOf(thread.db) && ('key' in (params as object) || 'userId' in (params as object)),
  ).length;

beforeEach(async () => {
  db = await openTwoConnections('kept');
  ({ main, thread, ids } = db);
  batcher = nowBatcher(thread.db, sqliteFileOf(thread.db)!, quiet, log);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await db.close();
});

describe('SendCache counters (the send thread does not read back what it wrote)', () => {
  it('skips reading the sequence and versions it wrote, and reads again after another connection commits', async () => {
    expect(await send('m1')).toEqual({ seq: 1, versions: [1, 1] });
    const reads = vi.spyOn(PreparedQuery.prototype, 'allNow');
    expect(await send('m2')).toEqual({ seq: 2, versions: [2, 2] });
    expect(await send('m3')).toEqual({ seq: 3, versions: [3, 3] });
    expect(counterReads(reads)).toBe(0);

    // The main connection stores a message in the same conversation: sequence 4, versions 4.
    const units = new UnitsOfWork(main.db, quiet as never, log as never);
    const stored = await units.run((uow) => appendMessage(uow, input('from-main', ids.b, ids.a)));
    expect(stored.row.seq).toBe(4);
    expect(await send('m5')).toEqual({ seq: 5, versions: [5, 5] });
    // The sequence and both versions were read once each, then kept again.
    expect(counterReads(reads)).toBe(3);
    expect(await send('m6')).toEqual({ seq: 6, versions: [6, 6] });
    expect(counterReads(reads)).toBe(3);
  });

  it('forgets what a batch that rolled back had set', async () => {
    expect(await send('ok1')).toEqual({ seq: 1, versions: [1, 1] });
    const failing = batcher.run([], {
      *work(uow) {
        yield* appendSteps(uow, input('rolled-back'));
        throw new Error('disk on fire');
      },
    });
    await expect(failing).rejects.toThrow('disk on fire');
    // Sequence 2 and versions 2 were never stored: the next send takes them, with no gap.
    expect(await send('ok2')).toEqual({ seq: 2, versions: [2, 2] });
    const seqs = await main.db.selectFrom('messages').select('seq').orderBy('seq').execute();
    expect(seqs.map((r) => Number(r.seq))).toEqual([1, 2]);
  });

  it('on a connection other use cases share, starts every batch afresh: their own commits count', async () => {
    const shared = nowBatcher(main.db, sqliteFileOf(main.db)!, quiet, log, false);
    const sendOnMain = (clientMsgId: string) =>
      shared.run<{ seq: number; versions: number[] }>([], {
        *work(uow) {
          const { row } = yield* appendSteps(uow, input(clientMsgId));
          return { seq: row.seq, versions: [row.sender_version, row.receiver_version] };
        },
      });
    expect(await sendOnMain('s1')).toEqual({ seq: 1, versions: [1, 1] });
    // Another use case on the same connection stores a message: data_version does not move for it.
    const units = new UnitsOfWork(main.db, quiet as never, log as never);
    expect((await units.run((uow) => appendMessage(uow, input('other', ids.b, ids.a)))).row.seq).toBe(2);
    expect(await sendOnMain('s3')).toEqual({ seq: 3, versions: [3, 3] });
  });

  it('keeps at most KEPT_COUNTERS_MAX counters of each kind', () => {
    const kept = new SendCache(sqliteFileOf(thread.db)!, true);
    for (let i = 0; i <= KEPT_COUNTERS_MAX; i++) kept.setSeq(`k${i}`, i, 1);
    // The set that went past the limit started the memory again.
    expect(kept.seq('k0')).toBeUndefined();
    expect(kept.seq(`k${KEPT_COUNTERS_MAX}`)).toEqual({ id: KEPT_COUNTERS_MAX, seq: 1 });
    kept.setSeq(`k${KEPT_COUNTERS_MAX}`, KEPT_COUNTERS_MAX, 2);
    expect(kept.seq(`k${KEPT_COUNTERS_MAX}`)).toEqual({ id: KEPT_COUNTERS_MAX, seq: 2 });
  });
});

describe('SendCache stable reads (db/stable-reads.ts) between batches', () => {
  /** A batch whose checks read the blocks between alice and bob (a kept read). */
  const blocks = () =>
    batcher.run([], {
      check: () => blocksBetweenSteps(ids.a, ids.b),
      *work(_uow, checked) {
        yield* [] as Step[];
        return checked;
      },
    });

  it('keeps them while nobody else commits, and sees a block committed on another connection', async () => {
    const reads = vi.spyOn(PreparedQuery.prototype, 'allNow');
    const fromThread = () => reads.mock.calls.filter(([file]) => file === sqliteFileOf(thread.db)).length;
    expect(await blocks()).toEqual({ aBlocksB: false, bBlocksA: false });
    const first = fromThread();
    expect(await blocks()).toEqual({ aBlocksB: false, bBlocksA: false });
    expect(fromThread()).toBe(first);

    await main.db
      .insertInto('blacklist')
      .values({ owner_id: ids.b, target_id: ids.a, created_at: 1 })
      .execute();
    expect(await blocks()).toEqual({ aBlocksB: false, bBlocksA: true });
  });
});
