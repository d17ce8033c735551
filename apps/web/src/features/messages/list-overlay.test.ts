import { describe, expect, it } from 'vitest';
import { ListOverlay } from './list-overlay';
import { conversationFixture as conv } from './test-fixtures';

const ids = (list: { conversationID: string }[]) => list.map((c) => c.conversationID);

describe('changes made while the conversation list is fetched', () => {
  it('a row changed after the fetch began wins over the fetched (older) row', () => {
    const o = new ListOverlay();
    const [a, b] = [conv('a'), conv('b')];
    const token = o.begin();
    o.note([a, b], [a, { ...b, draftText: '还没写完的话' }]);
    const fetched = [conv('a'), conv('b')];
    const out = o.apply(token, fetched);
    expect(out[1]?.draftText).toBe('还没写完的话');
    expect(out[0]).toBe(fetched[0]);
  });

  it('rows added or removed meanwhile are added or stay removed', () => {
    const o = new ListOverlay();
    const [a, b] = [conv('a'), conv('b')];
    const token = o.begin();
    o.note([a, b], [a, conv('c')]);
    expect(ids(o.apply(token, [conv('a'), conv('b')]))).toEqual(['C2Ca', 'C2Cc']);
  });

  it('a change made before the fetch began does not override its answer', () => {
    const o = new ListOverlay();
    const first = o.begin();
    o.note([conv('a')], [{ ...conv('a'), draftText: 'old' }]);
    const second = o.begin();
    expect(o.apply(second, [conv('a')])[0]?.draftText).toBe('');
    expect(o.apply(first, [conv('a')])[0]?.draftText).toBe('old');
    o.end(first);
    o.end(second);
  });

  it('with no fetch in flight nothing is remembered', () => {
    const o = new ListOverlay();
    o.note([], [conv('a')]);
    const token = o.begin();
    expect(ids(o.apply(token, []))).toEqual([]);
    o.end(token);
  });
});
