import type { CallInfo, CallMemberState } from '@parley/protocol';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n, { changeLanguage } from '../../../lib/i18n';
import { groupCallTip, groupCallTips } from './group-tips';

beforeAll(async () => {
  await i18n.loadNamespaces(['calls']);
});
afterEach(async () => {
  await changeLanguage('zh-CN');
});

const NAMES: Record<string, string> = { me: '我', a: 'Amy', b: 'Bob', c: '小陈', d: '' };

function info(states: Record<string, CallMemberState>, callId = 'call0001'): CallInfo {
  return {
    callId,
    roomID: 1,
    mediaType: 1,
    status: 'connected',
    endReason: null,
    role: 'caller',
    caller: { wtId: 'me', nickName: '我', avatar: '' },
    callee: { wtId: 'me', nickName: '我', avatar: '' },
    createdAt: 0,
    inviteExpiresAt: 0,
    connectedAt: 0,
    endedAt: null,
    connectionId: null,
    groupID: 'g1',
    members: Object.entries(states).map(([wtId, state]) => ({
      wtId,
      nickName: NAMES[wtId] ?? wtId,
      avatar: '',
      state,
    })),
  };
}

const ringing = info({ me: 'joined', a: 'ringing', b: 'ringing', c: 'ringing' });
const render = (tip: ReturnType<typeof groupCallTip>) =>
  tip ? i18n.t(`calls:${tip.key}`, tip.values) : null;

describe('groupCallTip', () => {
  it.each<[string, CallInfo, string | null]>([
    ['a reject', info({ me: 'joined', a: 'rejected', b: 'ringing', c: 'ringing' }), 'Amy 拒绝了通话'],
    [
      'two rejects at once',
      info({ me: 'joined', a: 'rejected', b: 'rejected', c: 'ringing' }),
      'Amy、Bob 拒绝了通话',
    ],
    ['busy', info({ me: 'joined', a: 'ringing', b: 'busy', c: 'ringing' }), 'Bob 忙线中'],
    ['timeouts', info({ me: 'joined', a: 'timeout', b: 'ringing', c: 'timeout' }), 'Amy、小陈 无应答'],
    ['accepting tells nothing', info({ me: 'joined', a: 'joined', b: 'ringing', c: 'ringing' }), null],
    [
      'canceled rings tell nothing',
      info({ me: 'joined', a: 'canceled', b: 'canceled', c: 'canceled' }),
      null,
    ],
    [
      'a newcomer who rejects',
      info({ me: 'joined', a: 'ringing', b: 'ringing', c: 'ringing', x: 'rejected' }),
      'x 拒绝了通话',
    ],
    [
      'a reject comes before a timeout',
      info({ me: 'joined', a: 'timeout', b: 'rejected', c: 'ringing' }),
      'Bob 拒绝了通话',
    ],
  ])('%s', (_name, next, text) => {
    expect(render(groupCallTip(ringing, next, 'me'))).toBe(text);
  });

  it('tells who left a connected call, not the reader, and names someone without a nickname by ID', () => {
    const on = info({ me: 'joined', a: 'joined', d: 'joined' });
    expect(render(groupCallTip(on, info({ me: 'left', a: 'joined', d: 'joined' }), 'me'))).toBeNull();
    expect(render(groupCallTip(on, info({ me: 'joined', a: 'left', d: 'left' }), 'me'))).toBe(
      'Amy、d 结束了通话',
    );
    // A part that stays the same is not told again.
    const left = info({ me: 'joined', a: 'left', d: 'joined' });
    expect(groupCallTip(left, left, 'me')).toBeNull();
  });

  it('tells nothing from the first state seen or across two calls', () => {
    const next = info({ me: 'joined', a: 'rejected', b: 'ringing', c: 'ringing' });
    expect(groupCallTip(null, next, 'me')).toBeNull();
    expect(groupCallTip(info({ a: 'ringing' }, 'other001'), next, 'me')).toBeNull();
  });

  it('reads in English and Japanese with their list separators', async () => {
    const next = info({ me: 'joined', a: 'rejected', b: 'rejected', c: 'ringing' });
    await changeLanguage('en');
    await i18n.loadNamespaces(['calls']);
    expect(render(groupCallTip(ringing, next, 'me'))).toBe('Amy, Bob Reject Call');
    expect(
      render(groupCallTip(ringing, info({ me: 'joined', a: 'busy', b: 'ringing', c: 'ringing' }), 'me')),
    ).toBe('Amy in busy');
    expect(
      render(groupCallTip(ringing, info({ me: 'joined', a: 'timeout', b: 'ringing', c: 'ringing' }), 'me')),
    ).toBe('Amy timeout');
    expect(
      render(groupCallTip(ringing, info({ me: 'joined', a: 'left', b: 'ringing', c: 'ringing' }), 'me')),
    ).toBe('Amy end call');
    expect(render(groupCallTips.exists)).toBe('A group call already exists in the current group');
    expect(render(groupCallTips.full)).toBe('Supports a maximum of 9 people for simultaneous calls');
    await changeLanguage('ja');
    await i18n.loadNamespaces(['calls']);
    expect(render(groupCallTip(ringing, next, 'me'))).toBe('Amy、Bob が通話を拒否しました');
    expect(render(groupCallTips.full)).toBe('同時に通話できるのは最大9人です');
  });

  it('zh-CN texts of the group-wide tips', () => {
    expect(render(groupCallTips.exists)).toBe('当前群组已存在群通话');
    expect(render(groupCallTips.full)).toBe('最多支持9人同时通话');
  });
});
