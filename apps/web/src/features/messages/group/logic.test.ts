import { describe, expect, it } from 'vitest';
import { loadPinyinMatcher } from './mention-pinyin';
import {
  applyMention,
  asReader,
  AT_ALL,
  atPrefix,
  atTypeFor,
  atUserListFor,
  composerBlock,
  mentionCandidates,
  mentionQuery,
  memberName,
  readState,
  receiptsToRefresh,
  revokedByAdmin,
  sequenceGap,
  type GroupConversation,
} from './logic';
import { muteDuration, tipText, type TipPayload } from './tips';

const conv = (atTypes: number[]): GroupConversation =>
  ({
    conversationID: 'GROUP100001',
    groupAtInfoList: atTypes.map((atType, i) => ({ messageID: `m${i}`, sequence: i + 1, atType })),
  }) as GroupConversation;

describe('group chat rules', () => {
  it('derives the reader flow of a group topic frame from the sender', () => {
    const m = { conversationID: 'GROUP7', from: 'me', flow: 'in' as const };
    expect(asReader(m, 'me').flow).toBe('out');
    expect(asReader({ ...m, from: 'bob' }, 'me').flow).toBe('in');
    // One-to-one messages are already relative to the reader.
    expect(asReader({ ...m, conversationID: 'C2Cme' }, 'me').flow).toBe('in');
  });

  it('shows [有人@我] over [@所有人], nothing without unread mentions', () => {
    expect(atPrefix(conv([]))).toBeNull();
    expect(atPrefix(conv([2]))).toBe('atAll');
    expect(atPrefix(conv([2, 1]))).toBe('atMe');
    expect(atPrefix(conv([3]))).toBe('atMe');
  });

  it('names a member by remark, then group nickname, then nickname', () => {
    expect(memberName({ userID: 'u', remark: 'R', nameCard: 'C', nick: 'N' })).toBe('R');
    expect(memberName({ userID: 'u', remark: '', nameCard: 'C', nick: 'N' })).toBe('C');
    expect(memberName({ userID: 'u', nick: 'N' })).toBe('N');
    expect(memberName({ userID: 'u' })).toBe('u');
  });

  it('filters mentions by prefix on nick or userID, ignoring case, never myself; 所有人 only for managers', () => {
    const members = [
      { userID: 'me', nick: 'Alice Me' },
      { userID: 'bob01', nick: 'Bob' },
      { userID: 'x9', nick: 'alfred' },
      { userID: 'AL77', nick: 'Zed' },
      { userID: 'k', nick: 'Kal' },
    ];
    const labels = ['所有人', 'all'];
    expect(
      mentionCandidates(members, 'AL', 'me', false, labels).map((m) => (m === AT_ALL ? m : m.userID)),
    ).toEqual(['x9', 'AL77']);
    expect(mentionCandidates(members, 'al', 'me', true, labels)[0]).toBe(AT_ALL);
    expect(mentionCandidates(members, '', 'me', true, labels)).toHaveLength(5);
    expect(mentionCandidates(members, '', 'me', false, labels)).toHaveLength(4);
    expect(
      mentionCandidates(members, 'b', 'me', true, labels).map((m) => (m === AT_ALL ? m : m.userID)),
    ).toEqual(['bob01']);
  });

  it('matches the pinyin of nicknames and group nicknames like contact search, once the matcher is loaded', async () => {
    const members = [
      { userID: 'u1', nick: '刘洋' },
      { userID: 'u2', nick: 'Lyra' },
      { userID: 'u3', nick: '王芳', nameCard: '老李' },
      { userID: 'me', nick: '李雷' },
    ];
    const ids = (list: ReturnType<typeof mentionCandidates>) =>
      list.map((m) => (m === AT_ALL ? m : m.userID));
    expect(ids(mentionCandidates(members, 'ly', 'me', false, []))).toEqual(['u2']);
    const pinyin = await loadPinyinMatcher();
    expect(ids(mentionCandidates(members, 'ly', 'me', false, [], pinyin))).toEqual(['u1', 'u2']);
    expect(ids(mentionCandidates(members, 'liuyang', 'me', false, [], pinyin))).toEqual(['u1']);
    expect(ids(mentionCandidates(members, 'laoli', 'me', false, [], pinyin))).toEqual(['u3']);
    // Never myself, whatever matches.
    expect(ids(mentionCandidates(members, 'lilei', 'me', false, [], pinyin))).toEqual([]);
  });

  it('tells @me, @all and both apart', () => {
    expect(atTypeFor(['me'], 'me')).toBe(1);
    expect(atTypeFor([AT_ALL], 'me')).toBe(2);
    expect(atTypeFor([AT_ALL, 'me'], 'me')).toBe(3);
    expect(atTypeFor(['bob'], 'me')).toBe(0);
  });

  it('finds the @query before the caret and replaces it with the picked name', () => {
    expect(mentionQuery('hi @bo', 6)).toEqual({ start: 3, query: 'bo' });
    expect(mentionQuery('hi @bo x', 8)).toBeNull();
    expect(mentionQuery('no mention', 10)).toBeNull();
    expect(applyMention('hi @bo!', 3, 6, 'Bob')).toEqual({ text: 'hi @Bob !', caret: 8 });
    const picked = [
      { userID: 'bob01', name: 'Bob' },
      { userID: AT_ALL, name: '所有人' },
      { userID: 'bob01', name: 'Bob' },
    ];
    expect(atUserListFor('hi @Bob and @Bob', picked)).toEqual(['bob01']);
    expect(atUserListFor('@所有人 meeting', picked)).toEqual([AT_ALL]);
  });

  it('replaces the composer for states 4, 5, 8, own mute and mute-all (ordinary members only)', () => {
    const member = { identity: 1, muteUntil: 0 };
    expect(composerBlock(4, member, 0, 100)).toBe('removed');
    expect(composerBlock(5, member, 0, 100)).toBe('dissolved');
    expect(composerBlock(8, member, 0, 100)).toBe('quit');
    expect(composerBlock(3, member, 0, 100)).toBe('quit');
    expect(composerBlock(0, { identity: 1, muteUntil: 101 }, 0, 100)).toBe('muted');
    expect(composerBlock(0, { identity: 1, muteUntil: 100 }, 0, 100)).toBeNull();
    expect(composerBlock(0, member, 1, 100)).toBe('mutedAll');
    expect(composerBlock(0, { identity: 2, muteUntil: 0 }, 1, 100)).toBeNull();
    expect(composerBlock(0, undefined, 1, 100)).toBeNull();
  });

  it('reads none / some / all from the receipt counts', () => {
    const r = (readCount: number, unreadCount: number) =>
      readState({ needReadReceipt: true, readReceiptInfo: { readCount, unreadCount, isPeerRead: false } });
    expect(r(0, 3)).toBe('none');
    expect(r(1, 2)).toBe('some');
    expect(r(3, 0)).toBe('all');
    // An ack before any count (0 / 0) reads as not read yet.
    expect(r(0, 0)).toBe('none');
    expect(
      readState({
        needReadReceipt: false,
        readReceiptInfo: { readCount: 0, unreadCount: 0, isPeerRead: false },
      }),
    ).toBeNull();
  });

  it('marks a member’s messages up to seq revoked by the administrator (socket type 7)', () => {
    const can = {
      revoke: true,
      revokeUntil: 9,
      reedit: false,
      pin: false,
      delete: true,
      forward: true,
      react: true,
    };
    const list = [
      { ID: 'a', from: 'bob', sequence: 1, isRevoked: false, revoker: '', can },
      { ID: 'b', from: 'amy', sequence: 2, isRevoked: false, revoker: '', can },
      { ID: 'c', from: 'bob', sequence: 3, isRevoked: true, revoker: 'bob', can },
      { ID: 'd', from: 'bob', sequence: 4, isRevoked: false, revoker: '', can },
      { ID: 'e', from: 'bob', sequence: 5, isRevoked: false, revoker: '', can },
    ];
    expect(revokedByAdmin(list, 'bob', 4).map((m) => [m.ID, m.revoker, m.can.revoke])).toEqual([
      ['a', 'administrator', false],
      ['d', 'administrator', false],
    ]);
  });

  it('sees a sequence gap only after held messages', () => {
    expect(sequenceGap(0, 9)).toBeNull();
    expect(sequenceGap(5, 6)).toBeNull();
    expect(sequenceGap(5, 5)).toBeNull();
    expect(sequenceGap(5, 9)).toEqual({ from: 6, to: 8 });
  });

  it('refreshes only own receipt messages up to the read sequence that are not all read', () => {
    const info = (unreadCount: number) => ({ readCount: 1, unreadCount, isPeerRead: false });
    const list = [
      {
        ID: '1',
        flow: 'out' as const,
        needReadReceipt: true,
        sequence: 1,
        isRevoked: false,
        readReceiptInfo: info(2),
      },
      {
        ID: '2',
        flow: 'in' as const,
        needReadReceipt: true,
        sequence: 2,
        isRevoked: false,
        readReceiptInfo: info(2),
      },
      {
        ID: '3',
        flow: 'out' as const,
        needReadReceipt: true,
        sequence: 3,
        isRevoked: false,
        readReceiptInfo: info(0),
      },
      {
        ID: '4',
        flow: 'out' as const,
        needReadReceipt: true,
        sequence: 4,
        isRevoked: false,
        readReceiptInfo: info(1),
      },
      {
        ID: '5',
        flow: 'out' as const,
        needReadReceipt: true,
        sequence: 9,
        isRevoked: false,
        readReceiptInfo: info(1),
      },
    ];
    expect(receiptsToRefresh(list, 4)).toEqual(['1', '4']);
    const uncounted = { ...list[2]!, readReceiptInfo: { readCount: 0, unreadCount: 0, isPeerRead: false } };
    expect(receiptsToRefresh([uncounted], 4)).toEqual(['3']);
  });
});

describe('group tips', () => {
  const nameOf = (p: { userID: string; nick: string }) => (p.userID === 'me' ? '你' : p.nick);
  const join = (names: string[]) => names.join('、');
  const tip = (p: TipPayload) => tipText(p, nameOf, join);
  const op = { userID: 'me', nick: 'Me' };

  it('maps every operation of the contract to a key', () => {
    const bob = [{ userID: 'b', nick: 'Bob' }];
    expect(tip({ operationType: 'create', opUser: op, memberList: [] })).toEqual({
      key: 'tips.create',
      params: { op: '你', members: '' },
    });
    expect(tip({ operationType: 'join', opUser: op, memberList: bob }).key).toBe('tips.invite');
    expect(tip({ operationType: 'join', opUser: bob[0], memberList: bob }).key).toBe('tips.join');
    expect(tip({ operationType: 'quit', opUser: bob[0], memberList: [] }).params.members).toBe('Bob');
    for (const k of [
      'kick',
      'setAdmin',
      'cancelAdmin',
      'transfer',
      'unmute',
      'muteAll',
      'unmuteAll',
      'dismiss',
    ])
      expect(tip({ operationType: k, opUser: op, memberList: bob }).key).toBe(`tips.${k}`);
    expect(tip({ operationType: 'mute', opUser: op, memberList: bob, muteTime: 600 }).params).toMatchObject({
      duration: '10',
      unit: 'minutes',
    });
    expect(tip({ operationType: 'profile', opUser: op, newGroupProfile: { name: 'New' } })).toMatchObject({
      key: 'tips.name',
      params: { name: 'New' },
    });
    expect(tip({ operationType: 'profile', opUser: op, newGroupProfile: { notice: 'x' } }).key).toBe(
      'tips.notice',
    );
    expect(tip({ operationType: 'profile', opUser: op, newGroupProfile: { avatar: 'x' } }).key).toBe(
      'tips.avatar',
    );
    expect(tip({ operationType: 'welcome', opUser: op, text: 'hello' }).params.text).toBe('hello');
    expect(tip({ operationType: 'odd', opUser: op }).key).toBe('tips.unknown');
  });

  it('reads the numeric codes of the groups module too', () => {
    expect(tip({ operationType: 3, operatorInfo: op, memberList: [] }).key).toBe('tips.kick');
    expect(tip({ operationType: 7, operatorInfo: op, memberList: [], muteTime: 0 }).key).toBe('tips.unmute');
    expect(tip({ operationType: 8, operatorInfo: op, memberList: [] }).key).toBe('tips.dismiss');
  });

  it('formats mute lengths', () => {
    expect(muteDuration(60)).toEqual({ key: 'minutes', count: 1 });
    expect(muteDuration(7200)).toEqual({ key: 'hours', count: 2 });
    expect(muteDuration(86400 * 3)).toEqual({ key: 'days', count: 3 });
  });
});
