import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@parley/protocol';
import { startTestServer, type TestServer, type TestUser } from '../helpers.js';
import { befriend, c2c, fullHistory, post, sent, userOn } from './helpers.js';
import { befriendAll, createGroup, G, gid, groupHistory, must, newUser, sentGroup } from './group-helpers.js';

// History around a point: after a position, around one, with the visibility rules of `beforeSeq`.

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ messageSendPerMinute: 100_000 });
});
afterAll(async () => {
  await t.close();
});

type Page = { messages: Message[]; isCompleted: boolean; hasMore?: boolean };
const texts = (p: Page) => p.messages.map((m) => (m.payload as { text?: string }).text);
const refused = (field: string, text: string) => ({ status: 400, code: 400, msg: text, data: { field } });

/** A one-to-one chat of `n` texts m0…m(n-1) from a to b, oldest first. */
async function chat(n: number): Promise<{ a: TestUser; b: TestUser; all: Message[] }> {
  const a = await userOn(t, 'hwA');
  const b = await userOn(t, 'hwB');
  await befriend(t, a, b);
  for (let i = 0; i < n; i++) await sent(t, a, b, `m${i}`);
  return { a, b, all: await fullHistory(t, b, a) };
}

const page = async (u: TestUser, conversationID: string, body: Record<string, unknown>) =>
  must<Page>(t, u, '/message/history', { conversationID, ...body });

describe('history after and around a position', () => {
  it('afterSeq: the oldest messages after it, oldest first, with hasMore and isCompleted', async () => {
    const { a, b, all } = await chat(12);
    const seq = (i: number) => all.find((m) => (m.payload as { text: string }).text === `m${i}`)!.sequence;
    const first = await page(b, c2c(a), { afterSeq: seq(3), count: 4 });
    expect([texts(first), first.hasMore, first.isCompleted]).toEqual([['m4', 'm5', 'm6', 'm7'], true, false]);
    const last = await page(b, c2c(a), { afterSeq: seq(7), count: 4 });
    expect([texts(last), last.hasMore]).toEqual([['m8', 'm9', 'm10', 'm11'], false]);
    const beyond = await page(b, c2c(a), { afterSeq: seq(11), count: 4 });
    expect([texts(beyond), beyond.hasMore, beyond.isCompleted]).toEqual([[], false, false]);
    // Numbers may come as digit strings (query strings carry only strings).
    expect(texts(await page(b, c2c(a), { afterSeq: String(seq(9)), count: '2' }))).toEqual(['m10', 'm11']);
    // The newest page has no hasMore; a beforeSeq page neither.
    expect((await page(b, c2c(a), { count: 4 })).hasMore).toBeUndefined();
  });

  it('aroundSeq: half before, the rest from the position on', async () => {
    const { a, b, all } = await chat(12);
    const seq = (i: number) => all.find((m) => (m.payload as { text: string }).text === `m${i}`)!.sequence;
    const mid = await page(b, c2c(a), { aroundSeq: seq(6), count: 5 });
    expect([texts(mid), mid.isCompleted, mid.hasMore]).toEqual([['m4', 'm5', 'm6', 'm7', 'm8'], false, true]);
    const start = await page(b, c2c(a), { aroundSeq: seq(1), count: 6 });
    // The chat opens with the befriending line, before m0.
    expect([texts(start), start.isCompleted, start.hasMore]).toEqual([
      [undefined, 'm0', 'm1', 'm2', 'm3'],
      true,
      true,
    ]);
    const end = await page(b, c2c(a), { aroundSeq: seq(11), count: 4 });
    expect([texts(end), end.isCompleted, end.hasMore]).toEqual([['m9', 'm10', 'm11'], false, false]);
  });

  it('skips what the reader deleted and what they cleared, like beforeSeq', async () => {
    const { a, b, all } = await chat(8);
    const seq = (i: number) => all.find((m) => (m.payload as { text: string }).text === `m${i}`)!.sequence;
    const m5 = all.find((m) => (m.payload as { text?: string }).text === 'm5')!;
    await must(t, b, '/message/delete', { messageIDs: [m5.ID] });
    expect(texts(await page(b, c2c(a), { afterSeq: seq(3), count: 3 }))).toEqual(['m4', 'm6', 'm7']);
    expect(texts(await page(b, c2c(a), { aroundSeq: seq(5), count: 4 }))).toEqual(['m3', 'm4', 'm6', 'm7']);
    // The sender still sees it.
    expect(texts(await page(a, c2c(b), { afterSeq: seq(4), count: 1 }))).toEqual(['m5']);
    await must(t, b, '/conversation/clearHistory', { conversationID: c2c(a) });
    const cleared = await page(b, c2c(a), { afterSeq: seq(1), count: 10 });
    expect([texts(cleared), cleared.hasMore, cleared.isCompleted]).toEqual([[], false, true]);
    const around = await page(b, c2c(a), { aroundSeq: seq(4), count: 10 });
    expect([texts(around), around.isCompleted, around.hasMore]).toEqual([[], true, false]);
    const later = await sent(t, a, b, 'after the clear');
    expect(texts(await page(b, c2c(a), { afterSeq: 1, count: 10 }))).toEqual(['after the clear']);
    expect(texts(await page(b, c2c(a), { aroundSeq: later.sequence, count: 10 }))).toEqual([
      'after the clear',
    ]);
  });

  it('a group: nothing before the join point, nothing after leaving', async () => {
    const owner = await newUser(t, 'hwO');
    const late = await newUser(t, 'hwL');
    const g = await createGroup(t, owner, []);
    for (let i = 0; i < 3; i++) await sentGroup(t, owner, g, `before${i}`);
    await befriendAll(t, owner, [late]);
    await must(t, owner, `${G}/member/batchInvite`, { groupNumber: g.groupNumber, wtIds: [late.wtId] });
    const seen: Message[] = [];
    for (let i = 0; i < 3; i++) seen.push(await sentGroup(t, owner, g, `seen${i}`));
    await must(t, owner, `${G}/member/remove`, { groupNumber: g.groupNumber, wtIds: [late.wtId] });
    for (let i = 0; i < 2; i++) await sentGroup(t, owner, g, `gone${i}`);

    const mine = (await groupHistory(t, late, g)).filter((m) => m.type === 'text');
    expect(mine.map((m) => (m.payload as { text: string }).text)).toEqual(['seen0', 'seen1', 'seen2']);
    const after = await page(late, gid(g), { afterSeq: 1, count: 50 });
    expect(texts(after).filter(Boolean)).toEqual(['seen0', 'seen1', 'seen2']);
    expect([after.isCompleted, after.hasMore]).toEqual([true, false]);
    const around = await page(late, gid(g), { aroundSeq: seen[1]!.sequence, count: 50 });
    expect(texts(around).filter(Boolean)).toEqual(['seen0', 'seen1', 'seen2']);
    expect(around.hasMore).toBe(false);
    // After seen2, only the line telling them they were removed.
    const past = await page(late, gid(g), { afterSeq: seen[2]!.sequence, count: 50 });
    expect([past.messages.map((m) => m.type), past.hasMore]).toEqual([['groupTip'], false]);
    // The owner sees everything from the first message on.
    const all = await page(owner, gid(g), { afterSeq: 1, count: 50 });
    expect(texts(all).filter(Boolean)).toEqual([
      'before0',
      'before1',
      'before2',
      'seen0',
      'seen1',
      'seen2',
      'gone0',
      'gone1',
    ]);
  });

  it('refuses bad positions with a 400 naming the field', async () => {
    const { a, b } = await chat(1);
    const bad = (body: Record<string, unknown>) =>
      post(t, b, '/message/history', { conversationID: c2c(a), ...body });
    const invalid = (field: string) => refused(field, '消息位置格式不正确');
    expect(await bad({ afterSeq: -1 })).toMatchObject(invalid('afterSeq'));
    expect(await bad({ afterSeq: 0 })).toMatchObject(invalid('afterSeq'));
    expect(await bad({ aroundSeq: '1e3' })).toMatchObject(invalid('aroundSeq'));
    expect(await bad({ aroundSeq: 1.5 })).toMatchObject(invalid('aroundSeq'));
    expect(await bad({ afterSeq: 'x'.repeat(1_000_000) })).toMatchObject(invalid('afterSeq'));
    expect(await bad({ afterSeq: 1e300 })).toMatchObject(invalid('afterSeq'));
    expect(await bad({ aroundSeq: '99999999999999999999' })).toMatchObject(invalid('aroundSeq'));
    expect(await bad({ afterSeq: [1] })).toMatchObject(invalid('afterSeq'));
    expect(await bad({ beforeSeq: 5, afterSeq: 2 })).toMatchObject(invalid('aroundSeq'));
    expect(await bad({ afterSeq: 2, aroundSeq: 3 })).toMatchObject(invalid('aroundSeq'));
    // A huge but whole position answers an empty page, not an error.
    const far = await page(b, c2c(a), { afterSeq: Number.MAX_SAFE_INTEGER, count: 5 });
    expect([far.messages, far.hasMore]).toEqual([[], false]);
  });
});
